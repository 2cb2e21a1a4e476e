import { expect, test } from 'vitest';
import { maskedEmail } from './masked-email';

test.each([
  ['ana.lopez@example.com', 'a…@example.com'],
  ['b@example.org', 'b…@example.org'],
  ['élodie@exemple.fr', 'é…@exemple.fr'],
  ['not an address', '…'],
])('%s reads %s', (address, masked) => {
  expect(maskedEmail(address)).toBe(masked);
});
