/**
 * Sharing the Circle invite (no React): the Web Share API where the device offers it, else the
 * clipboard. The browser APIs are passed in, so every branch is unit-tested.
 */

/** The parts of `navigator` this module uses. */
export interface ShareApis {
  share?: (data: { title?: string; text?: string; url?: string }) => Promise<void>;
  canShare?: (data: { title?: string; text?: string; url?: string }) => boolean;
  clipboard?: { writeText: (text: string) => Promise<void> };
}

/** What happened: shared through the device, copied, dismissed by the visitor, or nothing worked. */
export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/** The invite as shared: a title and a text that holds the code. */
export interface Invite {
  title: string;
  text: string;
}

const isAbort = (error: unknown): boolean => error instanceof Error && error.name === 'AbortError';

/**
 * Shares the invite through the device's share sheet; when there is none (or it fails for another
 * reason than the visitor closing it), copies the text to the clipboard.
 * @example await shareInvite(navigator, { title: 'Join my Circle', text: 'Code: K7P-4QX' }) // 'copied'
 */
export async function shareInvite(apis: ShareApis, invite: Invite): Promise<ShareOutcome> {
  const data = { title: invite.title, text: invite.text };
  if (typeof apis.share === 'function' && (apis.canShare?.(data) ?? true)) {
    try {
      await apis.share(data);
      return 'shared';
    } catch (error) {
      if (isAbort(error)) return 'cancelled';
      // NotAllowedError, a busy share sheet...: fall through to the clipboard
    }
  }
  if (apis.clipboard && typeof apis.clipboard.writeText === 'function') {
    try {
      await apis.clipboard.writeText(invite.text);
      return 'copied';
    } catch {
      return 'failed';
    }
  }
  return 'failed';
}
