import { shareInvite, type ShareApis } from '../../screens/share-code/model.ts';

const invite = { title: 'Join my Circle', text: 'Code: K7P-4QX' };
const named = (name: string): Error => Object.assign(new Error(name), { name });

describe('sharing the invite', () => {
  it('uses the Web Share API when the device has it', async () => {
    const share = vi.fn(async () => {});
    const writeText = vi.fn(async () => {});
    expect(await shareInvite({ share, clipboard: { writeText } }, invite)).toBe('shared');
    expect(share).toHaveBeenCalledWith(invite);
    expect(writeText).not.toHaveBeenCalled();
  });

  it('reports a closed share sheet as cancelled, without copying', async () => {
    const writeText = vi.fn(async () => {});
    const apis: ShareApis = { share: async () => Promise.reject(named('AbortError')), clipboard: { writeText } };
    expect(await shareInvite(apis, invite)).toBe('cancelled');
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies when sharing fails for another reason, or cannot share this data, or is missing', async () => {
    const writeText = vi.fn(async () => {});
    expect(await shareInvite({ share: async () => Promise.reject(named('NotAllowedError')), clipboard: { writeText } }, invite)).toBe('copied');
    expect(await shareInvite({ share: async () => {}, canShare: () => false, clipboard: { writeText } }, invite)).toBe('copied');
    expect(await shareInvite({ clipboard: { writeText } }, invite)).toBe('copied');
    expect(writeText).toHaveBeenCalledTimes(3);
    expect(writeText).toHaveBeenCalledWith('Code: K7P-4QX');
  });

  it('fails when neither works', async () => {
    expect(await shareInvite({}, invite)).toBe('failed');
    expect(await shareInvite({ clipboard: { writeText: async () => Promise.reject(new Error('denied')) } }, invite)).toBe('failed');
  });
});
