import type { ReactNode } from 'react';
import { shellCopy } from './content/shell';

/** The frame of the screens before the dashboard: sign-in, its code step, a password reset. */
export function SignInFrame({ title, intro, notice, children }: { title: string; intro: string; notice?: string | null; children: ReactNode }) {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col justify-center px-5 py-10">
      <p className="text-sm font-semibold tracking-wide text-teal uppercase">
        {shellCopy.appName} · {shellCopy.appRole}
      </p>
      <h1 className="mt-2 text-3xl font-bold text-teal-dark">{title}</h1>
      <p className="mt-2 text-muted">{intro}</p>
      {notice && (
        <p role="status" className="mt-4 rounded-2xl bg-teal-soft px-4 py-3 text-teal-dark">
          {notice}
        </p>
      )}
      {children}
    </main>
  );
}
