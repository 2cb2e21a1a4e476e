import { expect, test } from 'vitest';
import { REPLY_TEXT_LIMIT, replyText } from './reply-text';

test.each<[string, string | null | undefined, string | null]>([
  ['none', null, null],
  ['an SMTP reply as it came', '451 4.3.0 Temporary lookup failure', '451 4.3.0 Temporary lookup failure'],
  ['the recipient the mail server quotes is never shown whole', '550 5.1.1 <dana.reyes@example.com>: Recipient address rejected', '550 5.1.1 [address]: Recipient address rejected'],
  ['a refused sender, whatever form it is quoted in', '553 5.7.1 "coach"@example.org and sam@[127.0.0.1] not owned by user', '553 5.7.1 [address] and [address] not owned by user'],
  ['a JSON answer echoing the lead keeps its shape, not the address', '{"error":"duplicate","email":"dana@example.com"}', '{"error":"duplicate","email":"[address]"}'],
  ['an HTML error page reads as its text', '<html><head><title>502 Bad Gateway</title><style>h1{color:red}</style></head><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>', '502 Bad Gateway 502 Bad Gateway nginx'],
  ['a script is dropped with its text', 'before<script>alert(document.cookie)</script>after', 'before after'],
  ['an unclosed tag cannot swallow the page', 'oops <img src=x onerror=alert(1)', 'oops'],
  ['line breaks, controls and direction overrides become spaces', 'line one\r\nline\u0007two \u202Egnp.exe\u202C', 'line one line two gnp.exe'],
  ['only white space is nothing', ' \n\t ', null],
])('%s', (_case, raw, kept) => {
  expect(replyText(raw)).toBe(kept);
});

test(`a long answer is cut at ${REPLY_TEXT_LIMIT} characters, marked with an ellipsis, never mid-character`, () => {
  const kept = replyText('é'.repeat(50) + '🙂'.repeat(REPLY_TEXT_LIMIT * 30));
  expect([...(kept ?? '')]).toHaveLength(REPLY_TEXT_LIMIT);
  expect(kept?.endsWith('🙂…')).toBe(true);
});
