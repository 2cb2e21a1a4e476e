/**
 * All copy of the results page (SPEC sections 2, 3, 4 and 8). Fixed texts from the spec are quoted
 * exactly; tips, strength texts, summary messages and notes are ours, written for a tired,
 * distracted reader: second person, short sentences, warm, reading grade 8 or below.
 */
import type { DriverId } from './drivers';
import type { Rating } from '../shared/constants';

/** "1 driver", "2 drivers". */
export function countDrivers(count: number): string {
  return count === 1 ? '1 driver' : `${count} drivers`;
}

export const resultsCopy = {
  missing: {
    analyzing: 'Analyzing your pattern...',
    takeQuizFirst: 'Please take the quiz first. Redirecting...',
    /** The browser tab's title. */
    title: 'Take the quiz first',
    /** Logged to the console; says nothing about the visitor. */
    logMessage: 'Results opened without valid quiz data; redirecting to the start.',
  },
  loading: 'Analyzing your pattern...',
  /** Said once, politely, by screen readers when the profile appears. */
  profileReady: 'Your Core Driver Profile is ready. Each card shows one driver and how you rated it.',
  profile: {
    title: 'Your Core Driver Profile',
    subtitle: "Here's your unique pattern",
    cardFrontHint: 'Flip to see scenario',
    cardBackHint: 'Tap to flip back',
    legendLabel: 'What the colors mean',
    /** The counts above the cards, in words, so the profile reads at a glance. */
    glanceLabel: 'Your profile at a glance',
    glance: {
      1: (count: number) => (count === 1 ? 'needs support' : 'need support'),
      2: () => 'neutral',
      3: () => 'strong',
    } satisfies Record<Rating, (count: number) => string>,
  },
  ratingLabels: {
    1: 'Needs Support',
    2: 'Neutral',
    3: 'Strong',
  } satisfies Record<Rating, string>,
  gate: {
    title: 'Want to Know What This Means?',
    intro: 'Get your free personal insights. You’ll see:',
    benefits: [
      'Personal action steps for the drivers that need support',
      'How to use your strengths to carry the rest',
      'Your compensatory pattern, explained',
    ],
    emailLabel: 'Email',
    emailPlaceholder: 'you@example.com',
    firstNameLabel: 'First name',
    submit: 'Show Me My Insights',
    submitting: 'Analyzing...',
    noSpam: 'We respect your inbox. No spam, ever.',
    /** Under the button: what happens to the address (the server stores this wording with each lead). */
    notice:
      'Your email and first name go to the coach who runs this quiz, who may email you about your results. Ask at any time and they will be deleted.',
    /** Added to the notice when the coach has turned mail on (SMTP_URL): the results follow by email. */
    mailNotice: 'Your profile will also arrive by email, with a private link back to it.',
    /** The notice when the page runs without the server (local-only build): nothing leaves the browser. */
    localNotice: 'Your email and first name stay in this browser. Nothing is sent.',
    privacyLink: 'Privacy policy',
    /** The marketing-consent box's label unless the coach sets CONSENT_TEXT. */
    defaultConsentText: 'Yes, you may also email me tips and news about the course. I can unsubscribe at any time.',
    /** Label of the hidden honeypot field, for the rare assistive tool that still finds it. */
    honeypotLabel: 'Leave this field empty',
  },
  /** The name a screen reader gives each toast's ✕ button (sonner's own, "Close toast", is jargon). */
  toastCloseLabel: 'Close this message',
  toasts: {
    invalidEmail: { title: 'Invalid email', description: 'Please enter a valid email address.' },
    failure: { title: 'Something went wrong', description: 'Please try again later.' },
    success: { title: 'Success!', description: 'Scroll down to see your personalized insights.' },
    /** The address was sent its results within the hour (one e-mail an hour at most, whoever submits it). */
    successMailHeld: {
      title: 'Success!',
      description: 'Scroll down to see your insights. This email address got its results email in the last hour, so it is already on its way.',
    },
  },
  insights: {
    title: "Got it! Here's what your Core Driver profile reveals...",
    greeting: (firstName: string) => `Thanks, ${firstName}.`,
    challenges: {
      title: 'Your Biggest Challenges',
      intro: 'One small step for each driver that needs support. Pick one to try today.',
      /** Above the one tip shown first (firstStepOrder); the others wait behind a button. */
      startHere: 'Start here',
      moreTips: (count: number) => (count === 1 ? 'Show 1 more tip' : `Show ${count} more tips`),
      fewerTips: 'Show fewer tips',
      noneTitle: "You're Managing Pretty Well!",
      noneText:
        'None of your drivers feels like a big struggle right now. Keep an eye on the “sometimes” ones. They are the easiest places to grow.',
    },
    strengths: {
      title: 'Your Hidden Strengths',
      intro: 'These drivers work for you. Here is how they can carry the others.',
      noneTitle: 'Your Strengths Are Hiding',
      noneText:
        'None of your drivers feels like a strength right now. That does not mean you have none. Stress, poor sleep or a hard season can hide them. As the hard drivers get easier, your strengths will have room to show.',
    },
    pattern: {
      title: 'Your Unique Pattern',
    },
    /** Under the insights when the results e-mail was queued for this submission (mail on). */
    mail: {
      sent: 'Your profile is on its way to your inbox, with a private link back to it.',
      /** Added when the visitor ticked the marketing box: the double opt-in's button is in that e-mail. */
      confirm: 'You asked for tips and news too. Please confirm it with the button in that email.',
    },
  },
  course: {
    title: 'Now what?',
    pitch:
      'Knowing your pattern is the first step. The Core Drivers mini-course shows you how to build simple routines around your strengths and give the weaker drivers the support they need. Short, practical lessons. No lectures about willpower, just tools that fit the way your mind works.',
    button: 'Show Me the Course',
    newTabHint: '(opens in a new tab)',
    /** The course's details the coach gives (any of them), as short labelled facts. */
    details: { length: 'Length', price: 'Price', outcome: 'You’ll get' },
    /** Above the coach's face and name. */
    coachLabel: 'Your coach',
  },
} as const;

/** The practical tip shown for each driver rated 1 (SPEC section 3 examples). */
export const driverTips: Record<DriverId, string> = {
  1: 'Try the STOP method. Before you speak, click or buy: Stop, Take a breath, Observe what you feel, then Proceed on purpose. A three-second pause gives your thinking brain time to catch up.',
  2: 'Make your phone your outside memory. The moment you think of something, say it into a voice note or set a reminder. If it is not in your phone, count it as gone, and that is okay.',
  3: 'Name the feeling out loud: “I feel upset right now.” Saying it calms the alarm in your brain. That gives you a moment to choose what to do next.',
  4: 'Make a 2-minute deal with yourself. Set a timer and work on the task for just two minutes. You may stop after that, but most days starting is the hardest part.',
  5: 'Use the Rule of 3. Each morning, pick the three things that matter most today. Do those first. Everything else is a bonus.',
  6: 'Make a landing zone. Pick one bowl or tray by the door for your keys, wallet and phone, and put them there every time you come home.',
  7: 'Double your time guesses. If you think a task takes 20 minutes, plan for 40. You will be on time more often, and spare minutes are a gift.',
  8: 'Use the 10-minute rule. If you have been stuck on the same approach for 10 minutes, switch: try another way, ask someone, or take a short break.',
  9: 'Set an hourly check-in alarm. When it rings, ask yourself: “Am I doing what I meant to do? How am I feeling?” Then adjust if you need to.',
};

/**
 * Which weak driver's tip comes first, as the one "start here" step: the tips a tired visitor can try
 * today in a few minutes, with nothing to buy or plan, before the ones that need a habit to form.
 */
export const firstStepOrder: readonly DriverId[] = [4, 6, 2, 5, 7, 9, 3, 1, 8];

/** What each driver rated 3 gives the visitor, and how it can carry the weaker ones. */
export const driverStrengths: Record<DriverId, string> = {
  1: 'You can pause before you act. That pause gives you room to choose, and you can use it to stop and plan when time or focus starts to slip.',
  2: 'You can hold facts in your head while you use them. That keeps plans, steps and promises in mind, so it can cover gaps in planning or organization.',
  3: 'You stay steady when things go wrong. You bounce back from setbacks fast, so one bad moment does not take over your day. That calm helps every other driver work better.',
  4: 'You can get yourself started. Once you start, momentum carries you, even through tasks that need planning or focus you find harder.',
  5: 'You can see what matters most and map out the steps. Use your plans to support weaker drivers: add reminders, buffers and breaks where you know you need them.',
  6: 'You keep your things and spaces in order. A good system takes pressure off your memory and your time, because you do not lose minutes hunting for things.',
  7: 'You have a good sense of time. Being on time gives you space to handle surprises and to give the harder drivers the time they need.',
  8: 'You adapt when plans change. When one way is not working, you find another. That is a great way to work around your weaker drivers.',
  9: 'You notice how you are doing while you do it. You can catch a slip early and reach for a tip or tool before it grows into a big problem.',
};

/** The seven summary messages of SPEC section 4, in rule order. Counts are stated exactly. */
export const summaryMessages = {
  allWeak:
    'Right now, everything feels like a struggle. That is tiring, and it is not your fault. It means you need more support, not more effort. One small change can make the rest feel lighter, so start with one tip above.',
  allStrong:
    'You are functioning well across all your drivers. You have strong self-management tools. Keep using what works, and notice which habits keep you steady, so you can lean on them when life gets busy.',
  allNeutral:
    'Everything is a “sometimes” for you. Your drivers work on some days and not on others, often because of sleep, stress or interest. Notice what your good days have in common, and plan more of them.',
  mostWeak: (weak: number) =>
    `You are struggling in multiple areas right now: ${countDrivers(weak)} need support. That is a lot to carry. Pick just one tip above to start. A small win in one driver often lifts the others.`,
  mostStrong: (strong: number) =>
    `You are functioning well in most areas, with ${countDrivers(strong)} working for you. That is a solid base. Use those strengths on purpose to prop up the drivers that need more support.`,
  strongAndWeak: (strong: number, weak: number) =>
    `You have ${strong} strong ${strong === 1 ? 'driver' : 'drivers'} and ${countDrivers(weak)} that ${weak === 1 ? 'needs' : 'need'} support. This is a compensatory pattern: your strengths quietly cover for your weaker drivers. Once you know which is which, you can use your strengths on purpose.`,
  general:
    'Your pattern is a mix of steady and shifting drivers. Many of them work on some days and not on others. That is good news: the right tools and conditions can tip them toward working for you.',
} as const;

/** Our addition: shown with the insights when five or more drivers need support. Not a diagnosis. */
export const careMessage =
  'Many of your drivers need support right now. This quiz is not a diagnosis. Talking with a doctor, a psychologist or an ADHD coach can really help.';

/** The two extra insights of SPEC section 4. */
export const extraNoteMessages = {
  taskJumping:
    'Your strong Cognitive Flexibility and weaker Task Initiation can lead to task-jumping. Switching is easy for you, so it is tempting to hop to something new before the first task has really started. Try to finish one small step before you switch.',
  holdingItTogether:
    'Your strong Emotional Regulation may be holding a lot together. You stay calm while several drivers struggle, so others may not see how hard you work. Be kind to yourself, and ask for support before you run out of steam.',
} as const;
