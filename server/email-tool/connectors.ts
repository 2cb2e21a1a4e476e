/** Every tool's connector, by the name EMAIL_TOOL gives it. */
import { activeCampaign } from './activecampaign';
import { brevo } from './brevo';
import type { ConnectorFactory, ToolName } from './connector';
import { kit } from './kit';
import { mailchimp } from './mailchimp';
import { mailerLite } from './mailerlite';

export const connectors: Record<ToolName, ConnectorFactory> = {
  kit,
  mailerlite: mailerLite,
  mailchimp,
  activecampaign: activeCampaign,
  brevo,
};
