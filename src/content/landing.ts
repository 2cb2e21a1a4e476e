/** Landing page copy (SPEC section 1). Headline, sub-headline and button label are fixed by the spec. */
export const landing = {
  headline: 'Discover Your Core Drivers',
  subHeadline: 'Which of your 9 Core Drivers are working FOR you, AGAINST you, or sitting on the fence?',
  // Honest about the gate: the profile is free to see; the insights after it ask for an email.
  expectation: ['9 questions', 'about 2 minutes', 'see your profile for free'],
  expectationLabel: 'What to expect',
  cta: 'Start Your Discovery',
  why: {
    title: 'Why This Matters',
    paragraphs: [
      'Executive functions are your brain’s self-management tools. They help you start tasks, keep things in mind, plan your time and handle big feelings.',
      'With ADHD, these tools are not missing. They are just harder to switch on when you need them. ADHD is about control, not inability.',
      'When you know which drivers help you and which hold you back, you know where a small change can make a big difference.',
    ],
  },
} as const;
