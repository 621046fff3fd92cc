import { describe, expect, it } from 'vitest';
import { withoutRemoteImages } from '../../shared/platform/html/remote-images.js';

describe('withoutRemoteImages (a framed document with remote images off)', () => {
  it('drops every image reference but data: URLs, keeping the rest of the markup and its styles', () => {
    const html =
      '<table background="https://t.example/bg.png" style="color: red"><tr><td>' +
      '<img alt="Logo" width="10" src="https://t.example/a.png" srcset="https://t.example/a2.png 2x">' +
      '<img alt="Dot" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">' +
      '<picture><source srcset="https://t.example/b.webp"><img src="//t.example/b.png"></picture>' +
      '<video poster="http://t.example/p.jpg"></video><input type="image" src="https://t.example/btn.png">' +
      '</td></tr></table>';
    expect(withoutRemoteImages(html)).toBe(
      '<table style="color: red"><tr><td>' +
        '<img alt="Logo" width="10">' +
        '<img alt="Dot" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">' +
        '<picture><source><img></picture>' +
        '<video></video><input type="image">' +
        '</td></tr></table>',
    );
  });

  it('returns HTML over the email bounds unchanged (the document CSP alone keeps its images off)', () => {
    const deep = '<div>'.repeat(600) + '<img src="https://t.example/a.png">';
    expect(withoutRemoteImages(deep)).toBe(deep);
  });
});
