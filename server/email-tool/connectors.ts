/**
 * Every tool's connector, by the name EMAIL_TOOL gives it. A tool without one here yet answers the
 * dashboard with what is missing instead of failing.
 */
import { activeCampaign } from './activecampaign';
import { brevo } from './brevo';
import type { ConnectorFactory, ToolName } from './connector';
import { kit } from './kit';
import { mailerLite } from './mailerlite';

export const connectors: Partial<Record<ToolName, ConnectorFactory>> = {
  kit,
  mailerlite: mailerLite,
  activecampaign: activeCampaign,
  brevo,
};
