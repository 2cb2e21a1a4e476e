/**
 * The nine Core Drivers (SPEC section 3), in quiz order. Texts are written for a tired, distracted
 * reader: the first seven words of each scenario are shown in bold, so they carry its point.
 */

export type DriverId = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

export type CoreDriver = {
  id: DriverId;
  /** Full name as the quiz shows it, with any bracketed qualifier. */
  name: string;
  /** Name on the results page, without the bracketed qualifier. */
  shortName: string;
  description: string;
  scenario: string;
  /** The driver's own colour (SPEC section 3 table), used as an accent. */
  assignedColor: `#${string}`;
};

const strongRed = '#C8102E';
const brickRed = '#A4432E';
const green = '#3F8F4F';
const lightBlue = '#8CC4E8';
const paleYellow = '#F5E08A';

export const coreDrivers: readonly CoreDriver[] = [
  {
    id: 1,
    name: 'Impulse Control (Inhibition)',
    shortName: 'Impulse Control',
    description: 'Pausing before you act, speak or click “buy”.',
    scenario:
      'You say or buy things before thinking. An idea pops into your head in a meeting and it is out of your mouth before the other person has finished. Later, you wish you had waited a moment.',
    assignedColor: strongRed,
  },
  {
    id: 2,
    name: 'Working Memory',
    shortName: 'Working Memory',
    description: 'Holding information in mind while you use it.',
    scenario:
      'You forget why you walked into rooms. Someone gives you three quick steps, and by the time you start, step two has slipped away. Notes and reminders are what hold your day together.',
    assignedColor: brickRed,
  },
  {
    id: 3,
    name: 'Emotional Regulation',
    shortName: 'Emotional Regulation',
    description: 'Handling strong feelings so they don’t run the show.',
    scenario:
      'Small setbacks can feel huge and overwhelming. A short reply from a friend or a tiny mistake at work can knock out your whole afternoon. It takes a long time for the feeling to settle.',
    assignedColor: green,
  },
  {
    id: 4,
    name: 'Task Initiation',
    shortName: 'Task Initiation',
    description: 'Getting started on tasks, even the dull ones.',
    scenario:
      'You know the task but can’t start. You sit down to send the email or fill in the form, and end up scrolling, snacking or tidying first. The task waits, and the pressure grows.',
    assignedColor: lightBlue,
  },
  {
    id: 5,
    name: 'Planning & Prioritization',
    shortName: 'Planning & Prioritization',
    description: 'Choosing what matters most and mapping the steps.',
    scenario:
      'Everything feels urgent, so nothing gets done. Your to-do list is long and it all looks equally important. You pick the easy or the loud thing, and the big project keeps sliding.',
    assignedColor: paleYellow,
  },
  {
    id: 6,
    name: 'Organization',
    shortName: 'Organization',
    description: 'Keeping your things, files and spaces in order.',
    scenario:
      'Your keys, phone and wallet keep disappearing. Papers pile up, your bag is a mystery, and you lose time every day hunting for something you had a minute ago.',
    assignedColor: brickRed,
  },
  {
    id: 7,
    name: 'Time Management',
    shortName: 'Time Management',
    description: 'Sensing how long things take and being on time.',
    scenario:
      'You always think you have more time. “Five more minutes” turns into thirty, and you leave late again, even though you started getting ready early.',
    assignedColor: strongRed,
  },
  {
    id: 8,
    name: 'Cognitive Flexibility (Shifting)',
    shortName: 'Cognitive Flexibility',
    description: 'Adapting when plans change or something isn’t working.',
    scenario:
      'When plans change suddenly, you feel thrown. If the road is closed or a meeting moves, it is hard to let go of the old plan and find a new one. You keep trying the way that isn’t working.',
    assignedColor: lightBlue,
  },
  {
    id: 9,
    name: 'Self-Monitoring',
    shortName: 'Self-Monitoring',
    description: 'Noticing how you’re doing while you’re doing it.',
    scenario:
      'You only notice mistakes after it’s over. Hours go by in a task before you see you drifted off course, or you realize how you came across once the talk has ended.',
    assignedColor: green,
  },
];

/** The driver with this id. Every id 1-9 exists, so this never fails for a DriverId. */
export function driverById(id: DriverId): CoreDriver {
  const driver = coreDrivers.find((candidate) => candidate.id === id);
  if (!driver) throw new Error(`No Core Driver with id ${id}.`);
  return driver;
}
