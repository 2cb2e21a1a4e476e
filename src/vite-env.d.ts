/// <reference types="vite/client" />

/** The calendar year at build time, used only for the prerendered HTML. */
declare const __BUILD_YEAR__: number;

interface ImportMetaEnv {
  /** `local`: the gate stores nothing (static hosting without the server). Anything else: the API. */
  readonly VITE_LEAD_CAPTURE?: string;
  /** Where "Show Me the Course" leads (an absolute http(s) URL). */
  readonly VITE_COURSE_URL?: string;
}
