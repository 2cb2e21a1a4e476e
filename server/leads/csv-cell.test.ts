import { expect, test } from 'vitest';
import { addressCell, csvCell } from './csv-cell';

test.each([
  ['Ana', '"Ana"'],
  ['=HYPERLINK("http://evil.example","Click")', `"'=HYPERLINK(""http://evil.example"",""Click"")"`],
  ['+1 555', `"'+1 555"`],
  ['-2+3', `"'-2+3"`],
  ['@SUM(A1)', `"'@SUM(A1)"`],
  ['\t=1+1', `"'\t'=1+1"`],
  ['\r=1+1', `"'\r=1+1"`],
  ["x;=cmd|' /C calc'!A0;", `"x;'=cmd|' /C calc'!A0;"`],
  ['csv;=2+2@example.com', `"csv;'=2+2@example.com"`],
  ['a, =1', `"a, '=1"`],
  ['a|@SUM(A1)', `"a|'@SUM(A1)"`],
  ['a;"-1"', `"a;""'-1"""`],
  // A program that splits on a space or a colon would start a cell here too.
  ["Jo =cmd|' /C calc'!A0", `"Jo '=cmd|' /C calc'!A0"`],
  ['Jo  -2+3', `"Jo  '-2+3"`],
  ['time:=1+1', `"time:'=1+1"`],
  ['Jo: "@SUM(A1)"', `"Jo: ""'@SUM(A1)"""`],
  // Inside a word nothing can start a cell.
  ['Mary-Jane', '"Mary-Jane"'],
  ['a=b', '"a=b"'],
  ['Smith, Jo', '"Smith, Jo"'],
  ['a "quote"', '"a ""quote"""'],
  [3, '"3"'],
])('the CSV cell %j is written as %s', (value, expected) => {
  expect(csvCell(value)).toBe(expected);
});

test.each([
  // Plain addresses are kept exactly, even starting with + or -: an e-mail tool imports them as they are.
  ['ana@example.com', '"ana@example.com"'],
  ['+tag@example.com', '"+tag@example.com"'],
  ['-minus@example.com', '"-minus@example.com"'],
  ['-2+3@example.com', '"-2+3@example.com"'],
  ['jürgen.o_k+x@bücher.example', '"jürgen.o_k+x@bücher.example"'],
  // Anything a formula could do harm with gets the apostrophe, as any other cell.
  ['=cmd@example.com', `"'=cmd@example.com"`],
  ["-cmd|'/C calc'!A0@example.com", `"'-cmd|'/C calc'!A0@example.com"`],
  ['+HYPERLINK("x")@example.com', `"'+HYPERLINK(""x"")@example.com"`],
  ['csv;=2+2@example.com', `"csv;'=2+2@example.com"`],
  ['a:-1@example.com', `"a:'-1@example.com"`],
  ['o"reilly@example.com', '"o""reilly@example.com"'],
])('the address %j is written as %s', (email, expected) => {
  expect(addressCell(email)).toBe(expected);
});
