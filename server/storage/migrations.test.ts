/**
 * The migrations stay in step: both backends have every migration of the shared list, in its order,
 * and a released migration's SQL never changes. Each backend's own test
 * (sqlite/migrations.test.ts, postgres/migrations.test.ts) migrates every released schema.
 */
import { createHash } from 'node:crypto';
import { expect, test } from 'vitest';
import { migrationNames } from './migrations';
import { postgresMigrationSql } from './postgres/migrations';
import { sqliteMigrationSql } from './sqlite/migrations';

/**
 * SHA-256 of each migration's SQL (null: nothing to do on that backend). A new migration adds its
 * line here; once it is on main its text is frozen, and changing a line here is a red flag in review.
 */
const released: Record<string, { sqlite: string; postgres: string | null }> = {
  'leads-and-outbox': {
    sqlite: '1b5d50fd8e2c276d49ca8cf1558c842d5851a536aa654bcd594344583490b1b5',
    postgres: 'ba83adfc811352440feaf4e23ed0e81f4d372575498d44100574f7a887cb86cd',
  },
  'submissions-are-the-leads': { sqlite: '493bfd82cab36d0c23ec5122a83d585e2b87b1214c71b11d5f6598d42338f7d1', postgres: null },
  'consent-record': { sqlite: 'b5a5d21931b1a2020ae2a3c336ae3e502ef9ba04b5e5512c24ed9dc3cbf813cc', postgres: null },
  'coach-and-analytics': { sqlite: 'b556eee4955f20adc2148bb3c91fad838e2592dbf0e6c1284f5ce922fac9342f', postgres: null },
  'outbox-lease': { sqlite: 'e432ca9e4088b9a6a4eb888b06fc3d209036c5b58451484a7f302fa4500d4da8', postgres: null },
  'email-stored-form': { sqlite: '01a5be4539ee7b0f27660911dce275196c44fb5321328d6ce28692a8bc70ae9f', postgres: null },
  'coach-settings': {
    sqlite: '30c8a7bc38d0f714478280fc8cbe6178c6b74bc374147de2aa2ecbfce380b215',
    postgres: 'a7bbe707ce106c823dd3e56fa6501fce998af24550539eec2c1c02de44ed4d77',
  },
  'sign-in-throttle': { sqlite: 'a7665ebce8b4406f820ee37c63180057ab2a01553e909ea6a3291b98ff527d71', postgres: '712d9431ab12d5ad7058cd7c0170ad44882af857326336ed23652edfa5e2996a' },
  'funnel-source-cap': { sqlite: '54da3446e4bbf59d5e304a593665adb383d9755d7f8a6fce746d379f49bd8c08', postgres: '54da3446e4bbf59d5e304a593665adb383d9755d7f8a6fce746d379f49bd8c08' },
  'storage-health': { sqlite: '61e4912d46376dae505cc075ca80b92907de2d240316b1931ff7af021888bacc', postgres: 'aff55c53bd263df4b0730d98190ecc2560c55c24c903339979944c4e03c11036' },
  'results-email': {
    sqlite: '5a73b78288bf2a5c0347c83ce4d391a78e1399d727966e9e79d1761666707d82',
    postgres: '1859b5811bcb6e7928b95d942ec0f7fd305ec55b6251d9679f74ad02219e1b85',
  },
  'bare-addresses': {
    sqlite: '0b072050d89b5e847805367d6df36c68522e9fa2842c415acfc09fd09379a1c2',
    postgres: 'a4c2110d4a441d78c44e89cef9a40ed2f66de2e537f566a995d06ea47aa8b880',
  },
  'settings-history': {
    sqlite: 'a0e2d1a860268e8ac00c01458fc65f7e13524db2bb1e198b6bd99f59b85f1264',
    postgres: 'eb1e9fd21d008a61fb701afdf923a93a497865d2a28bed52f079ae44197efa0a',
  },
  'coach-access': {
    sqlite: '814ae51d9a467ce9c9e8a34773cba5a6e62dafd3d5bea62ef661cd9af5ce2e3e',
    postgres: 'a52bfe0c6162ace5277a87bf584ec91111e4a19d0860053d103fedf080697724',
  },
  'offer-counts': {
    sqlite: '4a526a5bfca39977fe6d1b5083acf33a22bbe2cce472398755f308fb484414b4',
    postgres: 'afb3c7cb233d3ef4f12be409cff0b1c550f04a287739c1c0348811a34c467503',
  },
  'audit-browser': {
    sqlite: '4539d1f80d3533a27d8ac07ee3ce546eb66019b6067dd9cc5bbebfdcd70d590c',
    postgres: '65f9b0015ac308262bd82fc58493f1a8d46819268c68a1e2f9e819008b483706',
  },
  'tool-pace': {
    sqlite: '09f873189f6b4026ac88f9aa8e02038d1ad61c5ec10c968f57ee5c3dd49e6a2a',
    postgres: '243540b82d790eb0f9c5d403449a660081814787b638e1d605057d76f31f7b3c',
  },
  'email-tool-outbox': {
    sqlite: '4faafed67bbd53043c54278f3be712b18dd2e3dbc01f2c30424161cf8dd2d9f9',
    postgres: 'f8cfe45b736822f372e05e42ea913e9fb77b622f813785e75837df6470da814d',
  },
  'delivery-reply': {
    sqlite: 'b5a9e0cdf1bcf560718117e755fbf07017a571a8fb042a1dce5e5042624a7c69',
    postgres: 'b5a9e0cdf1bcf560718117e755fbf07017a571a8fb042a1dce5e5042624a7c69',
  },
  'outbox-message-id': { sqlite: 'f0eb319000988b6d7a2f60880a5ac3e5b68595c1df64f863460feb484502e077', postgres: 'f0eb319000988b6d7a2f60880a5ac3e5b68595c1df64f863460feb484502e077' },
  'tool-pause': { sqlite: '12619181a3b44f9620e6af89f669879e7a19c1f0c12cd5b7d2bdcb615eb9fb3c', postgres: '110edad9031ef09a4b67ec2d33ed3ab915b9d2a96f91badffc7aad2d25fe8ee4' },
  'tool-connections': {
    sqlite: '02672fba11a24b53509432e00ba1dd6e2399e384c6bf8cb41916af1025aa60fe',
    postgres: '32f7a4584405a13eff6903dd8c9fbc1b5ab1f57a8b02aad20727a2fd6c4b7e8f',
  },
  'tool-erase': { sqlite: 'b89232808f0f98487aedf2e8c5801d657880ecf0e74bf3c8b9304456b8486cf5', postgres: 'b2f04a67b1c90865e65a3a364699792dcf97c5ffbed2230622af0c041aa5ffcb' },
  'outbox-checks': { sqlite: '7488fb057476abc6ed9c6f78b2137d517ed4bfdfff77cbc48d4ea3f1237a8874', postgres: null },
  'outbox-fewer-indexes': { sqlite: '4cf28a539fc34b624d44ebf162535ebce80ddbeae4ddb27e6a4540cde3de0402', postgres: 'f308af0bea839fa22c16b9e8444d61d9cd22b9972b7bacaa839c6941606cd98b' },
  'outbox-failing': { sqlite: '570ec9066bfa2a4020f05d013bbea46533df70e78505f59f7034b432b75e5148', postgres: '570ec9066bfa2a4020f05d013bbea46533df70e78505f59f7034b432b75e5148' },
};

const sha256 = (sql: string | null) => (sql === null ? null : createHash('sha256').update(sql).digest('hex'));

test.each([
  ['SQLite', sqliteMigrationSql],
  ['Postgres', postgresMigrationSql],
])('%s has every migration of the shared list, in its order, and no other', (_backend, sql) => {
  expect(Object.keys(sql)).toEqual([...migrationNames]);
});

test('SQLite has SQL for every migration: it is where each change is first written', () => {
  expect(migrationNames.filter((name) => sqliteMigrationSql[name] === null)).toEqual([]);
});

test('every migration is frozen: its SQL is exactly as recorded, on both backends', () => {
  const frozen = Object.keys(released).map((name) => {
    const step = name as (typeof migrationNames)[number];
    return { name, sqlite: sha256(sqliteMigrationSql[step]), postgres: sha256(postgresMigrationSql[step]) };
  });
  expect(Object.keys(released)).toEqual([...migrationNames]);
  expect(frozen).toEqual(Object.entries(released).map(([name, hashes]) => ({ name, ...hashes })));
});
