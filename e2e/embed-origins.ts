/**
 * The coach's sites of the embed tests: loopback addresses other than the quiz's 127.0.0.1, on the
 * quiz's own port number, so parallel runs with different E2E_PORTs never collide.
 */
export function hostOrigins(port: number) {
  return {
    /** In EMBED_ORIGINS: may frame the quiz and hears its messages. */
    allowed: `http://127.0.0.2:${port}`,
    /** Also in EMBED_ORIGINS but never serving a page: the frame must not send to it by mistake. */
    otherAllowed: `http://127.0.0.4:${port}`,
    /** Not in EMBED_ORIGINS: may not frame the quiz. */
    notAllowed: `http://127.0.0.3:${port}`,
  };
}
