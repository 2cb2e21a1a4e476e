export default function ResultsPage() {
  return (
    <main className="mx-auto max-w-2xl px-5 py-12">
      <h1 className="text-2xl font-bold text-teal-dark">Your results are coming soon</h1>
    </main>
  );
}
