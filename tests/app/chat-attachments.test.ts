/**
 * The composer's checks of picked attachments (docs/COMMUNITY.md "Messages": JPG, PNG, GIF, WebP or PDF, at most
 * 10 MB each, 5 in all), the data worker's refusal codes as the same problems, and file sizes in the interface
 * language.
 */
import { describe, expect, it } from 'vitest';
import {
  ATTACHMENT_ACCEPT,
  checkAttachments,
  formatFileSize,
  isAllowedAttachment,
  isImageAttachment,
  isLocalAttachment,
  problemOfCode,
} from '../../src/app/chat/attachments';

const MB = 1024 * 1024;
const file = (name: string, type: string, size: number) => ({ name, type, size });

describe('checkAttachments', () => {
  it('keeps images and PDFs up to exactly 10 MB', () => {
    const picked = [file('a.jpg', 'image/jpeg', MB), file('b.png', 'image/png', 10 * MB), file('c.gif', 'image/gif', 1), file('d.webp', 'image/webp', 2), file('e.pdf', 'application/pdf', 3 * MB)];
    expect(checkAttachments([], picked)).toEqual({ files: picked, problems: [] });
  });

  it('leaves out a file one byte over 10 MB, and one of another type, naming each reason once', () => {
    const ok = file('ok.pdf', 'application/pdf', 100);
    const next = checkAttachments([], [file('big.png', 'image/png', 10 * MB + 1), file('notes.txt', 'text/plain', 10), ok, file('v.mp4', 'video/mp4', 10), file('big2.pdf', 'application/pdf', 11 * MB)]);
    expect(next).toEqual({ files: [ok], problems: ['wrongType', 'tooLarge'] });
  });

  it('stops at 5 in all, the chosen ones first', () => {
    const chosen = [1, 2, 3, 4].map((n) => file(`${n}.png`, 'image/png', MB));
    const next = checkAttachments(chosen, [file('5.pdf', 'application/pdf', MB), file('6.png', 'image/png', MB)]);
    expect(next.files.map((f) => f.name)).toEqual(['1.png', '2.png', '3.png', '4.png', '5.pdf']);
    expect(next.problems).toEqual(['tooMany']);
    expect(checkAttachments(next.files, [file('7.svg', 'image/svg+xml', 1), file('8.png', 'image/png', 1)]).problems).toEqual(['wrongType', 'tooMany']);
  });

  it('reads the type, or the extension when the picker gives none; SVG is not an image here', () => {
    expect(isAllowedAttachment(file('scan.PDF', '', 1))).toBe(true);
    expect(isAllowedAttachment(file('photo.jpeg', '', 1))).toBe(true);
    expect(isAllowedAttachment(file('x.svg', '', 1))).toBe(false);
    expect(isAllowedAttachment(file('x.png', 'image/svg+xml', 1))).toBe(false);
    expect(isAllowedAttachment(file('x', 'IMAGE/PNG', 1))).toBe(true);
    expect(ATTACHMENT_ACCEPT.split(',')).toEqual(expect.arrayContaining(['image/png', 'application/pdf', '.pdf', '.webp']));
  });
});

describe('refusal codes and kinds', () => {
  it("turns the worker's (and the server's) codes into problems, and nothing else", () => {
    expect(problemOfCode('MESSAGE_ATTACHMENT_TYPE')).toBe('wrongType');
    expect(problemOfCode('MESSAGE_ATTACHMENT_TOO_LARGE')).toBe('tooLarge');
    expect(problemOfCode('MESSAGE_TOO_MANY_ATTACHMENTS')).toBe('tooMany');
    expect(problemOfCode('VALIDATION')).toBeNull();
    expect(problemOfCode('toString')).toBeNull();
    expect(problemOfCode(undefined)).toBeNull();
  });

  it('shows images as pictures and the rest as files; a data URL is a file on this device', () => {
    expect(isImageAttachment({ type: 'image/webp' })).toBe(true);
    expect(isImageAttachment({ type: 'application/pdf' })).toBe(false);
    expect(isLocalAttachment({ url: 'data:image/png;base64,AAAA' })).toBe(true);
    expect(isLocalAttachment({ url: '/media/messages/0123.png' })).toBe(false);
  });
});

describe('formatFileSize', () => {
  it('says bytes, KB and MB in the interface language', () => {
    expect(formatFileSize(70, 'en')).toBe('70 bytes');
    expect(formatFileSize(1536, 'en')).toBe('1.5 kB');
    expect(formatFileSize(300 * 1024, 'en')).toBe('300 kB');
    expect(formatFileSize(1.25 * MB + 1, 'en')).toBe('1.3 MB');
    expect(formatFileSize(10 * MB, 'en')).toBe('10 MB');
    // The space before the unit is the locale's (a narrow no-break space in French).
    expect(formatFileSize(1.5 * MB, 'fr')).toMatch(/^1,5\sMo$/u);
    expect(formatFileSize(1.5 * MB, 'de')).toBe('1,5 MB');
  });
});
