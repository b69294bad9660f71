import { LogLevel, WebClient } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerHandle } from '../../../../src/cli/serve.ts';

/**
 * Slack's upload flow (files.getUploadURLExternal, a POST of the bytes to its upload_url on files.slack.com,
 * files.completeUploadExternal) driven by the official SDK's `filesUploadV2` against `difflab serve`, which points the
 * upload URL at itself.
 */
let server: ServerHandle;
let envId: string;
let apiUrl: string;
const token = 'xoxb-difflab-test';

beforeAll(async () => {
  server = await startServer({ port: 0, seedsDir: 'scenarios', poolSize: 0 });
  const init = await fetch(`${server.url}/api/platform/initEnv`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': 'x' },
    body: JSON.stringify({ templateService: 'slack', templateName: 'northwind_slack' }),
  });
  envId = (await init.json()).environmentId;
  apiUrl = `${server.url}/api/env/${envId}/services/slack/api/`;
}, 180_000);
afterAll(async () => {
  await server?.close();
});

function client(): WebClient {
  return new WebClient(token, { slackApiUrl: apiUrl, retryConfig: { retries: 0 }, logLevel: LogLevel.ERROR });
}

async function diff(): Promise<any> {
  const response = await fetch(`${server.url}/api/platform/diffRun`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': 'x' },
    body: JSON.stringify({ envId }),
  });
  return (await response.json()).diff;
}

describe('@slack/web-api filesUploadV2 against difflab serve', () => {
  it('uploads and shares a file: files.info and files.list see it, url_private gives its bytes, the diff has its rows and its share', async () => {
    const web = client();
    const mine = await web.users.conversations({ types: 'public_channel', exclude_archived: true, limit: 1 });
    const channel = mine.channels![0].id!;
    const bytes = Buffer.from('week,orders\n1,40\n2,55\n');
    const result = await web.filesUploadV2({ channel_id: channel, file: bytes, filename: 'orders.csv', title: 'Weekly orders', initial_comment: 'Orders so far' });
    expect(result.ok).toBe(true);
    const completed = (result.files as any[])[0].files[0];
    expect(completed).toMatchObject({ title: 'Weekly orders', name: 'orders.csv', size: bytes.length, filetype: 'csv', channels: [channel] });

    const info = await web.files.info({ file: completed.id });
    expect(info.file).toMatchObject({ id: completed.id, name: 'orders.csv', title: 'Weekly orders', mimetype: 'text/csv', size: bytes.length });
    // Answers name the file host as served here, so that the client reaches the replica.
    expect(info.file!.url_private!.startsWith(`${server.url}/api/env/${envId}/services/slack/files-pri/`)).toBe(true);
    const download = await fetch(info.file!.url_private!, { headers: { authorization: `Bearer ${token}` } });
    expect(Buffer.from(await download.arrayBuffer())).toEqual(bytes);
    const listed = await web.files.list({ channel });
    expect(listed.files?.map((f) => f.id)).toEqual([completed.id]);

    const history = await web.conversations.history({ channel, limit: 1 });
    // The share reads as an upload in the channel's history, with the file as files.info gives it.
    expect(history.messages?.[0]).toMatchObject({ text: 'Orders so far', upload: true, display_as_bot: false, files: [{ id: completed.id, name: 'orders.csv', title: 'Weekly orders', url_private: info.file!.url_private }] });

    const d = await diff();
    const file = d.inserts.find((r: any) => r.__table__ === 'files');
    expect(file).toMatchObject({ file_id: completed.id, file_name: 'orders.csv', title: 'Weekly orders', file_size: bytes.length, file_type: 'csv', content: bytes.toString(), upload_state: 'complete' });
    const share = d.inserts.find((r: any) => r.__table__ === 'messages');
    expect(share).toMatchObject({ channel_id: channel, message_text: 'Orders so far', message_id: history.messages![0].ts });
    expect(d.inserts.filter((r: any) => r.__table__ === 'file_messages')).toEqual([
      expect.objectContaining({ file_id: completed.id, message_id: share.message_id }),
    ]);
  }, 60_000);

  it('files.upload answers method_deprecated, as Slack does for apps created now', async () => {
    await expect(client().apiCall('files.upload', { channels: 'C1', content: 'x', filename: 'x.txt' })).rejects.toMatchObject({ data: { ok: false, error: 'method_deprecated' } });
  });

  it('the upload URL outside the body bound is refused up front; one that names no upload answers 404', async () => {
    const big = await client().files.getUploadURLExternal({ filename: 'huge.bin', length: 60 * 1024 * 1024 }).catch((e) => e.data);
    expect(big).toMatchObject({ ok: false, error: 'file_upload_size_restricted' });
    const stray = await fetch(`${server.url}/api/env/${envId}/services/slack/upload/v1/bm9wZQ`, { method: 'POST', body: 'x' });
    expect(stray.status).toBe(404);
  });
});
