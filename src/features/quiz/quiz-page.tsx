export default function QuizPage() {
  return (
    <main className="mx-auto max-w-2xl px-5 py-12">
      <h1 className="text-2xl font-bold text-teal-dark">The quiz is coming soon</h1>
    </main>
  );
}
