import { parse } from 'csv-parse/sync';
import { expect, test } from 'vitest';
import { storeWith, testLead } from '../test/helpers';
import { csvChunks, writeCsv } from './export';

const lead = testLead;

test('export writes one line per lead with its latest name and profile, formulas neutralised', async () => {
  const { store } = await storeWith([
    [lead('ana@example.com', 'Ana')],
    [lead('=cmd@example.com', '=2+3', [3, 3, 3, 3, 3, 3, 3, 3, 3])],
  ]);
  await store.leads.submit({ lead: lead('ANA@example.com', 'Ana Maria', [2, 2, 2, 2, 2, 2, 2, 2, 1]) });
  let csv = '';
  expect(await writeCsv(csvChunks(store), (chunk) => (csv += chunk))).toBe(2);
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const lines = csv.slice(1).trimEnd().split('\r\n');
  expect(lines[0]).toBe(
    'email,first_name,Impulse Control,Working Memory,Emotional Regulation,Task Initiation,Planning & Prioritization,Organization,Time Management,Cognitive Flexibility,Self-Monitoring,weak_drivers,strong_drivers,first_submitted_utc,last_submitted_utc,submissions,marketing_consent,consent_version,consent_wording,consent_recorded_utc,marketing_confirmed_utc'
      .split(',')
      .map((name) => `"${name}"`)
      .join(','),
  );
  expect(lines).toHaveLength(3);
  expect(lines.find((line) => line.startsWith('"ana@'))).toMatch(
    /^"ana@example\.com","Ana Maria","2","2","2","2","2","2","2","2","1","Self-Monitoring","","[^"]+","[^"]+","2","","","","",""$/,
  );
  expect(lines.find((line) => line.includes('cmd@'))).toMatch(/^"'=cmd@example\.com","'=2\+3","3","3","3/);
  await store.close();
});

test('an export parsed back holds every value as stored, and no cell a spreadsheet could take for a formula, whatever it splits on', async () => {
  const hostile: [string, string][] = [
    ['csv;=2+2@example.com', "x;=cmd|' /C calc'!A0;"],
    ['sep,=1@example.com', 'Jo, +1 555'],
    ['tab@example.com', 'Jo\t=1+1'],
    ['pipe@example.com', 'Jo|@SUM(A1)'],
    ['quoted@example.com', 'Jo;"-2+3"'],
    ['-minus@example.com', '@Jo'],
    ['+tag@example.com', 'Jo =cmd|A0'],
    ['colon@example.com', 'Jo:-1+1'],
  ];
  const { store } = await storeWith(hostile.map(([email, name]) => [lead(email, name)]));
  let csv = '';
  await writeCsv(csvChunks(store), (chunk) => (csv += chunk));
  await store.close();

  // A real CSV parser reads the values back: only apostrophes were added, before formula starts.
  const [header, ...records] = parse(csv, { bom: true }) as string[][];
  expect(header?.slice(0, 2)).toEqual(['email', 'first_name']);
  expect(records).toHaveLength(hostile.length);
  for (const [email, name] of hostile) {
    const record = records.find((cells) => cells[0]?.replaceAll("'", '') === email.replaceAll("'", ''));
    expect(record?.[1]?.replaceAll("'", '')).toBe(name.replaceAll("'", ''));
  }
  expect(records.map((cells) => cells[0])).toContain("csv;'=2+2@example.com");

  // Plain addresses, even starting with + or -, are exactly as stored (an e-mail tool imports them).
  expect(records.map((cells) => cells[0])).toEqual(expect.arrayContaining(['-minus@example.com', '+tag@example.com']));

  // A program that splits on any of these separators, even one that ignores quotes, never starts a
  // cell with = + - @ (past spaces and quotes), but with a plain address cell (server/leads/csv-cell.ts;
  // what follows it on the line is quoted cells, which a formula reads as text).
  const body = csv.slice(1).trimEnd();
  const plainAddress = /^"[-+][\p{L}\p{N}._+-]*@[\p{L}\p{N}.-]+"(,"|$)/u;
  for (const separator of [',', ';', '\t', '|', ' ', ':']) {
    const cells = body.split('\r\n').flatMap((line) => line.split(separator));
    const formulas = cells.filter((cell) => /^[ "]*[=+\-@\t\r]/.test(cell) && !plainAddress.test(cell));
    expect(formulas, `split on ${JSON.stringify(separator)}`).toEqual([]);
  }
  // And one that honours quotes but splits on semicolons reads the same cells as it should.
  const semicolon = parse(csv, { bom: true, delimiter: ';', relax_quotes: true, relax_column_count: true }) as string[][];
  expect(semicolon.flat().filter((cell) => /^[ "]*[=+\-@]/.test(cell) && !plainAddress.test(cell))).toEqual([]);
});

test('the export reads in chunks: a person whose submissions lie in different chunks is one line, and one who submits during the export is still in it', async () => {
  const { store } = await storeWith([[lead('early@example.com', 'Early')]]);
  await Promise.all(Array.from({ length: 2_400 }, (_, index) => store.leads.submit({ lead: lead(`p${index}@example.com`, 'P') })));
  await store.leads.submit({ lead: lead('early@example.com', 'Late', [3, 3, 3, 3, 3, 3, 3, 3, 3]) });
  const chunks = csvChunks(store);
  const first = [(await chunks.next()).value, (await chunks.next()).value];
  // A new submission from someone in a later chunk: their line is as it was when the export began.
  await store.leads.submit({ lead: lead('p0@example.com', 'Again') });
  const rest = [];
  for await (const chunk of chunks) rest.push(chunk);
  const rows = parse([...first, ...rest].map((chunk) => chunk?.csv ?? '').join('').slice(1), { columns: true }) as Record<string, string>[];
  expect(rows).toHaveLength(2_401);
  expect(new Set(rows.map((row) => row.email)).size).toBe(2_401);
  expect(rows[0]).toMatchObject({ email: 'early@example.com', first_name: 'Late', submissions: '2' });
  expect(rows.find((row) => row.email === 'p0@example.com')?.first_name).toBe('P');
  expect(first[1]?.leads).toBeGreaterThan(0);
  await store.close();
});
