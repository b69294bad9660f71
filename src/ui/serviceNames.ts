/** How the page names each service in headings (the replicas' titles name their APIs: "Slack Web API"). */
const SERVICE_NAMES: Record<string, string> = { slack: 'Slack', box: 'Box', calendar: 'Google Calendar', linear: 'Linear', mail: 'MailHub' };

export function serviceName(service: string): string {
  return SERVICE_NAMES[service] ?? service;
}
