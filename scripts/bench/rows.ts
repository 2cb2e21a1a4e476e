/** The benchmark's table: medians in, one row per figure, each with its target where there is one. */
import type { ApiFigures } from './api-load';
import { cpuSlowdown } from './answer-paint';
import type { MailResult } from './mail';
import type { MigrationResult, PostgresApiResult } from './postgres';
import { p50, p99 } from './dashboard';
import type { SignInFloodResult } from './sign-in-flood';
import { landingBudgets, resultsBudgets, targets } from './budgets';
import { formatNumber, medianOf, type Row } from './report';

export const routes = ['/', '/quiz', '/results'] as const;
export const lighthouseRoutes = ['/', '/quiz'] as const;
export const apiPath = '/api/leads';

export type ApiResult =
  | { available: false; status: number }
  | { available: true; leads: ApiFigures[]; bare: ApiFigures[] };

type Medians = Record<string, Record<string, number>>;

const whole = (value: number | undefined) => formatNumber(value ?? Number.NaN);
const pair = (first: number | undefined, second: number | undefined, digits = 0) =>
  `${formatNumber(first ?? Number.NaN, digits)} / ${formatNumber(second ?? Number.NaN, digits)}`;
const atMost = (value: number | undefined, limit: number, label = '') => ({
  target: `${label}<= ${formatNumber(limit)}`,
  met: value !== undefined && value <= limit,
});
const atLeast = (value: number | undefined, limit: number, digits = 0) => ({
  target: `>= ${formatNumber(limit, digits)}`,
  met: value !== undefined && value >= limit,
});

function firstLoadRows(firstLoads: Medians): Row[] {
  return routes.flatMap((route) => {
    const load = firstLoads[route] ?? {};
    const landing = route === '/';
    return [
      {
        figure: `${route} first-load JS raw / gzip (B)`,
        value: pair(load.jsRaw, load.jsGzip),
        ...(landing && atMost(load.jsGzip, landingBudgets.jsGzip, 'gzip ')),
        ...(route === '/results' && atMost(load.jsGzip, resultsBudgets.jsGzip, 'gzip ')),
      },
      {
        figure: `${route} first-load CSS raw / gzip (B)`,
        value: pair(load.cssRaw, load.cssGzip),
        ...(landing && atMost(load.cssGzip, landingBudgets.cssGzip, 'gzip ')),
      },
      { figure: `${route} first-load requests`, value: whole(load.requests) },
    ];
  });
}

function lighthouseRows(lighthouse: Medians): Row[] {
  return lighthouseRoutes.flatMap((route) => {
    const figures = lighthouse[route] ?? {};
    const landing = route === '/';
    const others = [figures.accessibility, figures.bestPractices, figures.seo];
    const scoresMet = landing
      ? [figures.performance, ...others].every((score) => score === targets.landingScores)
      : (figures.performance ?? 0) >= targets.quizPerformanceScore &&
        others.every((score) => score === targets.quizOtherScores);
    return [
      {
        figure: `${route} Lighthouse perf / a11y / best practices / SEO`,
        value: [figures.performance, ...others].map(whole).join(' / '),
        target: landing ? 'all 100' : `perf >= ${targets.quizPerformanceScore}, others 100`,
        met: scoresMet,
      },
      { figure: `${route} FCP (ms)`, value: whole(figures.fcpMs) },
      { figure: `${route} LCP (ms)`, value: whole(figures.lcpMs), ...(landing && atMost(figures.lcpMs, targets.landingLcpMs)) },
      { figure: `${route} TBT (ms)`, value: whole(figures.tbtMs) },
      {
        figure: `${route} CLS`,
        value: formatNumber(figures.cls ?? Number.NaN, 3),
        ...(landing && { target: String(targets.landingCls), met: figures.cls === targets.landingCls }),
      },
    ];
  });
}

function apiRows(api: ApiResult): Row[] {
  if (!api.available) return [{ figure: `POST ${apiPath}`, value: `API not available (${api.status})` }];
  const leads = medianOf(api.leads);
  const bare = medianOf(api.bare);
  const ratio = (leads.perSecond ?? 0) / (bare.perSecond ?? Number.NaN);
  return [
    {
      figure: `POST ${apiPath} stored leads/s`,
      value: whole(leads.perSecond),
      ...atLeast(leads.perSecond, targets.apiLeadsPerSecond),
    },
    {
      figure: `POST ${apiPath} latency p50 / p99 (ms)`,
      value: pair(leads.p50Ms, leads.p99Ms, 1),
      ...atMost(leads.p99Ms, targets.apiP99Ms, 'p99 '),
    },
    { figure: `POST ${apiPath} non-2xx answers`, value: whole(leads.non2xx), target: '0', met: leads.non2xx === 0 },
    {
      figure: `POST ${apiPath} CPU per stored lead (µs, server process, every thread)`,
      value: whole(leads.cpuPerAnswerUs),
      ...atMost(leads.cpuPerAnswerUs, targets.apiCpuPerLeadUs),
    },
    { figure: 'bare Fastify POST answers/s', value: whole(bare.perSecond) },
    { figure: 'bare Fastify latency p50 / p99 (ms)', value: pair(bare.p50Ms, bare.p99Ms, 1) },
    { figure: 'bare Fastify CPU per answer (µs)', value: whole(bare.cpuPerAnswerUs) },
    { figure: 'leads/s ÷ bare answers/s', value: formatNumber(ratio, 2), ...atLeast(ratio, targets.apiRatioToBare, 1) },
  ];
}

/** The dashboard part: how the seed went, sign-in, then p50 / p95 of every API over all samples. */
export type DashboardResult = {
  submissions: number;
  seedSeconds: number;
  aggregateSeconds: number;
  signInMs: number;
  calls: { name: string; p50Ms: number; p95Ms: number }[];
};

function dashboardRows(dashboard: DashboardResult): Row[] {
  return [
    { figure: 'dashboard seed: submissions / seconds', value: `${whole(dashboard.submissions)} / ${formatNumber(dashboard.seedSeconds, 1)}` },
    { figure: 'dashboard profile aggregate rebuild (s)', value: formatNumber(dashboard.aggregateSeconds, 1) },
    { figure: 'dashboard sign-in (ms, scrypt by design)', value: whole(dashboard.signInMs) },
    ...dashboard.calls.map((call) => ({
      figure: `dashboard ${call.name} p50 / p95 (ms)`,
      value: pair(call.p50Ms, call.p95Ms, 1),
      ...atMost(call.p95Ms, targets.dashboardP95Ms, 'p95 '),
    })),
  ];
}

function floodRows(flood: SignInFloodResult): Row[] {
  const statuses = Object.entries(flood.statuses).map(([status, count]) => `${count} × ${status}`).join(', ');
  return [
    {
      figure: `${flood.signIns} parallel wrong sign-ins: static asset p50 / p99 (ms)`,
      value: pair(p50(flood.assetMs), p99(flood.assetMs), 1),
      ...atMost(p99(flood.assetMs), targets.assetDuringSignInFloodP99Ms, 'p99 '),
    },
    { figure: `${flood.signIns} parallel wrong sign-ins: POST /api/leads p50 / p99 (ms)`, value: pair(p50(flood.leadMs), p99(flood.leadMs), 1) },
    { figure: `${flood.signIns} parallel wrong sign-ins: all answered after (ms); answers`, value: `${whole(medianOf(flood.floodMs.map((ms) => ({ ms }))).ms)}; ${statuses}` },
  ];
}

/**
 * Answering a question on a slow phone: the median of all answer clicks, against the target, and the
 * slowest one for reference (on a shared machine a single click can land on someone else's busy moment).
 */
function answerPaintRows(samples: number[]): Row[] {
  const sorted = [...samples].sort((a, b) => a - b);
  const median = medianOf(sorted.map((ms) => ({ ms }))).ms;
  const slowest = sorted.at(-1);
  return [
    {
      figure: `/quiz answer click to next paint, ${cpuSlowdown}× CPU slowdown, median / slowest (ms)`,
      value: pair(median, slowest, 1),
      ...atMost(median, targets.answerPaintMs, 'median '),
    },
  ];
}

/** SQLite, Postgres with one and two instances, each beside the bare endpoint measured in the same run. */
export function postgresRows(result: PostgresApiResult): Row[] {
  const bare = medianOf(result.bare);
  const row = (label: string, samples: ApiFigures[]): Row => {
    const figures = medianOf(samples);
    const ratio = (figures.perSecond ?? 0) / (bare.perSecond ?? Number.NaN);
    return {
      figure: `${label}: leads/s, p99 (ms), ÷ bare, non-2xx`,
      value: `${whole(figures.perSecond)}, ${formatNumber(figures.p99Ms ?? Number.NaN, 1)}, ${formatNumber(ratio, 2)}, ${whole(figures.non2xx)}`,
    };
  };
  return [
    { figure: 'bare Fastify (same run): answers/s, p99 (ms)', value: `${whole(bare.perSecond)}, ${formatNumber(bare.p99Ms ?? Number.NaN, 1)}` },
    row('POST /api/leads on SQLite', result.sqlite),
    row('on Postgres, 1 instance', result.postgresOne),
    row('on Postgres, 2 instances on one database', result.postgresTwo),
  ];
}

function migrationRows(result: MigrationResult): Row[] {
  return [
    {
      figure: `migrate-to-postgres: ${whole(result.people)} people (${whole(result.submissions)} submissions), seconds`,
      value: formatNumber(result.seconds, 1),
      target: 'counts match',
      met: result.countsMatch,
    },
  ];
}

/** Leads/s with mail off and on in the same run (on: each lead queues its e-mail, which the outbox sends meanwhile), and e-mails/s. */
export function mailRows(result: MailResult): Row[] {
  const off = medianOf(result.off);
  const on = medianOf(result.on);
  const share = (on.perSecond ?? 0) / (off.perSecond ?? Number.NaN);
  return [
    {
      figure: 'POST /api/leads, mail off / on (same run): leads/s, on ÷ off',
      value: `${pair(off.perSecond, on.perSecond)}, ${formatNumber(share, 2)}`,
      ...atLeast(share, targets.mailOnToOffRatio, 1),
    },
    { figure: 'POST /api/leads, mail off / on: p99 (ms), non-2xx', value: `${pair(off.p99Ms, on.p99Ms, 1)}, ${pair(off.non2xx, on.non2xx)}` },
    {
      // Leads first (server/outbox/intake.ts): during the load the e-mails wait, so this is the intake's
      // cost; each e-mail's own cost is the next row's, measured while the backlog is sent.
      figure: 'POST /api/leads, mail off / on: CPU per stored lead (µs, e-mails held back during the load)',
      value: pair(off.cpuPerAnswerUs, on.cpuPerAnswerUs),
    },
    {
      figure: 'results e-mails sent to a local SMTP sink after the load: e-mails/s (sent, seconds; first e-mail after s), CPU per e-mail (µs)',
      value: `${formatNumber(result.drain.perSecond, 0)} (${whole(result.drain.sent)}, ${formatNumber(result.drain.seconds, 1)}; ${formatNumber(result.drain.firstAfterSeconds, 1)}), ${whole(result.drain.cpuPerEmailUs)}`,
    },
  ];
}

/** Rows for the parts measured: a part with no medians (or no samples, or no API result) was not measured. */
export function benchRows(
  firstLoads: Medians,
  lighthouse: Medians,
  api: ApiResult | undefined,
  answerPaints: number[] = [],
  dashboard?: DashboardResult,
  postgres?: PostgresApiResult,
  migration?: MigrationResult,
  flood?: SignInFloodResult,
  mail?: MailResult,
): Row[] {
  return [
    ...(Object.keys(firstLoads).length > 0 ? firstLoadRows(firstLoads) : []),
    ...(Object.keys(lighthouse).length > 0 ? lighthouseRows(lighthouse) : []),
    ...(answerPaints.length > 0 ? answerPaintRows(answerPaints) : []),
    ...(api ? apiRows(api) : []),
    ...(dashboard ? dashboardRows(dashboard) : []),
    ...(postgres ? postgresRows(postgres) : []),
    ...(migration ? migrationRows(migration) : []),
    ...(flood ? floodRows(flood) : []),
    ...(mail ? mailRows(mail) : []),
  ];
}
