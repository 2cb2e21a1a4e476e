/**
 * One small line icon per Core Driver, as SVG path data on a 24×24 grid (drawn with a round 2 px
 * stroke). The same icon marks the driver in the quiz, on its results card and in the insights.
 */
import type { DriverId } from './drivers';

export const driverIconPaths: Record<DriverId, string> = {
  // Impulse Control: a pause sign.
  1: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18M10 9v6M14 9v6',
  // Working Memory: a note with a folded corner.
  2: 'M5 4h14v10l-6 6H5zM13 20v-6h6M8.5 8.5h7M8.5 12h4',
  // Emotional Regulation: a heart.
  3: 'M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7a4.3 4.3 0 0 1 7.5 2.8C19.5 15.4 12 20 12 20z',
  // Task Initiation: a play sign.
  4: 'M8 5.5v13l10.5-6.5z',
  // Planning & Prioritization: a ranked list.
  5: 'M10 6h10M10 12h10M10 18h10M4.5 6h.01M4.5 12h.01M4.5 18h.01',
  // Organization: four tidy boxes.
  6: 'M4 4h6.5v6.5H4zM13.5 4H20v6.5h-6.5zM4 13.5h6.5V20H4zM13.5 13.5H20V20h-6.5z',
  // Time Management: a clock.
  7: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18M12 7.5V12l3 2',
  // Cognitive Flexibility: two arrows changing direction.
  8: 'M16 3.5 19.5 7 16 10.5M19.5 7H6M8 13.5 4.5 17 8 20.5M4.5 17H18',
  // Self-Monitoring: an eye.
  9: 'M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12zM12 9.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5',
};
