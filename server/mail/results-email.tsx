/** @jsxRuntime automatic */
/** @jsxImportSource react */
/**
 * The HTML part of the results e-mail, built with react-email's components (tables and inline
 * styles that mail apps understand) and rendered on the server only: none of it reaches the
 * visitor's bundle. It reads well from 320 px up (one column, fluid to 560 px) and in dark mode
 * (a `prefers-color-scheme` block for the apps that honour it; apps that invert colours on their own
 * get light text on dark from a palette chosen to survive inversion). Every rating is written in
 * words beside its colour.
 */
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { render } from '@react-email/render';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { CSSProperties, ReactNode } from 'react';
import { resultsCopy } from '../../src/content/results';
import { emailCopy } from '../../src/content/email';
import { site } from '../../src/content/site';
import { ratingColors, type Rating } from '../../src/shared/constants';
import type { DriverInsight } from '../../src/shared/insights';
import type { LeadItem, ResultsEmail } from './results-email-model';

/** The site's palette (src/theme.css), with a dark counterpart for each colour. */
export const emailPalette = {
  light: { page: '#f3f1ea', card: '#ffffff', ink: '#1d2a2f', muted: '#4a5a60', heading: '#093a40', line: '#e4e0d4', soft: '#fef7dc', button: '#0e4d55', buttonText: '#ffffff' },
  dark: { page: '#0f1a1c', card: '#17282c', ink: '#eef3f1', muted: '#c2cfcc', heading: '#a8dde0', line: '#2f464b', soft: '#2b2813', button: '#fce8a6', buttonText: '#093a40' },
} as const;

const light = emailPalette.light;
const fonts = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/**
 * The cell react-email's Body wraps the e-mail in: it carries the Body's style inline, so the page's
 * colour and padding are recoloured and narrowed there (the body alone left a light frame around
 * the dark card, and a phone's 8 px became 24).
 */
const pageCell = '.page > table > tbody > tr > td';

/** Classes the dark-mode block recolours (inline styles give the light look everywhere else). */
const darkModeCss = (() => {
  const dark = emailPalette.dark;
  return `
  :root { color-scheme: light dark; supported-color-schemes: light dark; }
  @media (prefers-color-scheme: dark) {
    .page, ${pageCell} { background-color: ${dark.page} !important; }
    .card { background-color: ${dark.card} !important; }
    .ink { color: ${dark.ink} !important; }
    .muted { color: ${dark.muted} !important; }
    .heading { color: ${dark.heading} !important; }
    .line { border-color: ${dark.line} !important; }
    .row { border-bottom-color: ${dark.line} !important; }
    .soft { background-color: ${dark.soft} !important; }
    .button { background-color: ${dark.button} !important; color: ${dark.buttonText} !important; }
  }
  @media (max-width: 480px) {
    ${pageCell} { padding: 8px 0 !important; }
    .card { padding: 20px 16px !important; }
  }`;
})();

const text: CSSProperties = { color: light.ink, fontSize: '15px', lineHeight: '1.5', margin: '0 0 12px' };
const mutedText: CSSProperties = { ...text, color: light.muted, fontSize: '14px' };
const h2: CSSProperties = { color: light.heading, fontSize: '20px', lineHeight: '1.3', margin: '24px 0 8px', fontWeight: 700 };
const button: CSSProperties = {
  backgroundColor: light.button,
  color: light.buttonText,
  borderRadius: '999px',
  fontSize: '17px',
  fontWeight: 700,
  lineHeight: '1.2',
  padding: '14px 28px',
  textDecoration: 'none',
  display: 'inline-block',
};

/** A shape per rating, as on the results page: never the colour alone. */
const ratingShape: Record<Rating, string> = { 1: '○', 2: '◐', 3: '●' };

function Heading2({ children }: { children: ReactNode }) {
  return (
    <Heading as="h2" className="heading" style={h2}>
      {children}
    </Heading>
  );
}

function Paragraph({ children, muted = false }: { children: ReactNode; muted?: boolean }) {
  return (
    <Text className={muted ? 'muted' : 'ink'} style={muted ? mutedText : text}>
      {children}
    </Text>
  );
}

type EmailDriver = ResultsEmail['drivers'][number];

function DriverCell({ driver }: { driver: EmailDriver }) {
  return (
    <td
      className="row"
      width="50%"
      style={{ borderLeft: `6px solid ${ratingColors[driver.rating]}`, borderBottom: `1px solid ${light.line}`, padding: '6px 10px', verticalAlign: 'top' }}
    >
      <span className="ink" style={{ color: light.ink, fontSize: '15px', fontWeight: 700, lineHeight: '1.35' }}>
        {driver.name}
      </span>
      <br />
      <span className="muted" style={{ color: light.muted, fontSize: '14px', lineHeight: '1.4' }}>
        <span aria-hidden="true">{ratingShape[driver.rating]} </span>
        {driver.ratingWords}
      </span>
      {driver.before && (
        <>
          <br />
          <span className="muted" style={{ color: light.muted, fontSize: '13px', lineHeight: '1.4' }}>
            {driver.before.words}
          </span>
        </>
      )}
    </td>
  );
}

/** The nine drivers two to a row, in driver order: half the height of one to a row, and still wide enough at 320 px. */
function DriverTable({ drivers }: { drivers: readonly EmailDriver[] }) {
  const rows = drivers.flatMap((driver, index) => (index % 2 === 0 ? [drivers.slice(index, index + 2)] : []));
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: 'collapse', tableLayout: 'fixed' }}>
      <tbody>
        {rows.map((pair) => (
          <tr key={pair[0]?.id}>
            {pair.map((driver) => (
              <DriverCell key={driver.id} driver={driver} />
            ))}
            {pair.length === 1 && <td width="50%" />}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A tip or a strength as one paragraph led by its driver's name (after "Start here:" for the first tip): no heading of its own. */
function InsightText({ item, label, style = text }: { item: DriverInsight; label?: string; style?: CSSProperties }) {
  return (
    <Text className="ink" style={style}>
      {label && (
        <strong className="heading" style={{ color: light.heading }}>
          {label}:{' '}
        </strong>
      )}
      <strong>{item.name}.</strong> {item.text}
    </Text>
  );
}

/**
 * The tips or the strengths: the list's heading and intro, then one driver's text in full (the tip
 * to start with stands out, as on the results page), then the others by name, linked to the profile.
 */
function LedList({ list, lead, startHere = false }: { list: ResultsEmail['insights']['challenges']; lead: LeadItem; startHere?: boolean }) {
  return (
    <>
      <Heading2>{list.title}</Heading2>
      {/* The list's intro speaks of all its drivers; with one in full and the rest named, only its fallback text stays. */}
      {!lead && <Paragraph muted>{list.intro}</Paragraph>}
      {lead && startHere && (
        <Box>
          <InsightText item={lead.first} label={resultsCopy.insights.challenges.startHere} style={{ ...text, margin: '16px 0 0' }} />
        </Box>
      )}
      {lead && !startHere && <InsightText item={lead.first} />}
      {lead?.more && (
        <Paragraph>
          {lead.more.text}{' '}
          <Link href={lead.more.url} className="heading" style={{ color: light.heading, fontWeight: 700, textDecoration: 'underline' }}>
            {lead.more.link}
          </Link>
        </Paragraph>
      )}
    </>
  );
}

function Box({ children }: { children: ReactNode }) {
  return (
    <Section className="soft" style={{ backgroundColor: light.soft, borderRadius: '16px', margin: '16px 0' }}>
      <div style={{ padding: '4px 20px 20px' }}>{children}</div>
    </Section>
  );
}

export function ResultsEmailHtml({ email }: { email: ResultsEmail }) {
  const { insights } = email;
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <title>{email.subject}</title>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{darkModeCss}</style>
      </Head>
      <Preview>{email.preview}</Preview>
      <Body className="page" style={{ backgroundColor: light.page, margin: 0, padding: '16px 0', fontFamily: fonts }}>
        <Container className="card" style={{ backgroundColor: light.card, borderRadius: '20px', maxWidth: '560px', padding: '28px 24px' }}>
          <main>
            <Text className="muted" style={{ ...mutedText, fontWeight: 700, letterSpacing: '0.08em', textTransform: 'uppercase', fontSize: '12px' }}>
              {site.productName}
            </Text>
            <Heading as="h1" className="heading" style={{ ...h2, fontSize: '24px', margin: '0 0 12px' }}>
              {email.profileTitle}
            </Heading>
            <Paragraph>
              {email.greeting}
              <br />
              {email.intro}
            </Paragraph>
            <Section style={{ margin: '8px 0 4px' }}>
              <Button href={email.link.url} className="button" style={button}>
                {email.link.button}
              </Button>
            </Section>
            <Paragraph muted>{email.link.note}</Paragraph>

            {email.confirm && (
              <Box>
                <Heading2>{email.confirm.title}</Heading2>
                <Paragraph>{email.confirm.text}</Paragraph>
                <Button href={email.confirm.url} className="button" style={button}>
                  {email.confirm.button}
                </Button>
                <Text className="muted" style={{ ...mutedText, margin: '12px 0 0' }}>
                  {email.confirm.note}
                </Text>
              </Box>
            )}

            <Heading2>{email.driversTitle}</Heading2>
            {/* A retake: when, and how many changed; each changed driver says in the table what it was. */}
            {email.changes && (
              <Paragraph>
                {email.changes.intro} {email.changes.changes.length === 0 ? email.changes.closing : emailCopy.changed(email.changes.changes.length)}
              </Paragraph>
            )}
            <DriverTable drivers={email.drivers} />

            {/* When many drivers need support, the care line (and the coach's help line) comes before any tip. */}
            {insights.care && (
              <Box>
                <Text className="ink" style={{ ...text, margin: '16px 0 0', fontWeight: 600 }}>
                  {insights.care}
                </Text>
                {email.helpLine && (
                  <Text className="ink" style={{ ...text, margin: '8px 0 0' }}>
                    {email.helpLine.url ? (
                      <Link href={email.helpLine.url} className="ink" style={{ color: light.ink, textDecoration: 'underline' }}>
                        {email.helpLine.text}
                      </Link>
                    ) : (
                      email.helpLine.text
                    )}
                  </Text>
                )}
              </Box>
            )}
            <LedList list={insights.challenges} lead={email.tips} startHere />
            <LedList list={insights.strengths} lead={email.strengths} />
            <Heading2>{resultsCopy.insights.pattern.title}</Heading2>
            <Paragraph>{insights.summary.text}</Paragraph>
            {insights.notes.map((note) => (
              <Paragraph key={note.id}>{note.text}</Paragraph>
            ))}

            {email.course && (
              <>
                <Heading2>{email.course.title}</Heading2>
                <Paragraph>{email.course.pitch}</Paragraph>
                <Button href={email.course.url} className="button" style={button}>
                  {email.course.button}
                </Button>
              </>
            )}

            <Text className="ink" style={{ ...text, margin: '24px 0 0' }}>
              {email.signOff}
              <br />
              {email.signature}
            </Text>
          </main>
          <Hr className="line" style={{ borderColor: light.line, margin: '20px 0 12px' }} />
          <footer>
            {email.footer.map((line) => (
              <Text key={line} className="muted" style={{ ...mutedText, fontSize: '13px', margin: '0 0 4px' }}>
                {line}
              </Text>
            ))}
          </footer>
        </Container>
      </Body>
    </Html>
  );
}

/** The HTML part, as mail apps get it (with its doctype). */
export function resultsEmailHtml(email: ResultsEmail): Promise<string> {
  return render(<ResultsEmailHtml email={email} />);
}
