/** The results e-mail on the settings screen: whether it is on, and a test e-mail. */

/** GET /api/coach/mail: the results e-mail as it stands on this server, for the settings screen. */
export type MailStatus = {
  on: boolean;
  /** While off: what is missing, in the coach's words ("the sender address is not set"). */
  missing: string | null;
  /** The mail server without its password (`smtp://coach@smtp.example.com:587`), or null. */
  server: string | null;
  /** The sender in force, or null. */
  from: string | null;
  /** The mail server refused the sender (a 5xx to MAIL FROM): its answer; e-mails wait until the mail settings change. Null otherwise. */
  senderRefused: string | null;
};

/**
 * POST /api/coach/mail/test: one e-mail to the sender's own address, through a fresh connection to
 * the mail server in force, as the results e-mail is sent. `answer` is what the server said (its
 * reply, or why there was none), never the password.
 */
export type MailTestResult = {
  /** accepted: the server took it; refused: it refused the address for good; failed: anything else. */
  outcome: 'accepted' | 'refused' | 'failed';
  /** Where it stopped, as Nodemailer names it (ECONNECTION, ETIMEDOUT, ETLS, EAUTH, EENVELOPE, EMESSAGE, ...); null when accepted. */
  stage: string | null;
  server: string;
  to: string;
  /** The SMTP reply code, or null without one. */
  smtpCode: number | null;
  answer: string;
  durationMs: number;
  sentAt: string;
  /** The test e-mail's Message-ID, to find it in the mailbox or the server's log. */
  messageId: string;
};
