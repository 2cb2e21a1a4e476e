import { coachCopy } from './content';

export function CoachApp() {
  return (
    <main className="mx-auto max-w-5xl px-5 py-10">
      <h1 className="text-2xl font-bold text-teal-dark">{coachCopy.appName}</h1>
    </main>
  );
}
