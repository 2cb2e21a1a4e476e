/// <reference types="vite/client" />

/** The calendar year at build time, used only for the prerendered HTML. */
declare const __BUILD_YEAR__: number;
