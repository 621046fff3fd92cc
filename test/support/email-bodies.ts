/**
 * Email bodies as creatives, compose and forwards carry them (an editor's paragraphs, a designed
 * template with a head and layout tables, a forward with a quote, lists, headings, pre, entities),
 * and text fragments to generate markup from: the corpus the light HTML parser and text conversion
 * are compared with htmlparser2 and html-to-text on (issue 25).
 */
export const EMAIL_BODIES = [
  '<p>Dear Anna,</p><p>We help retail teams in Berlin &amp; Hamburg cut returns by 20&nbsp;%. Would a 15-minute call next week work?</p><p>Best,<br>Tom</p>',
  '<p>Hi {{firstName}},</p>\n<p>Quick one: <a href="https://acme.test/demo?utm_source=mail&amp;utm_campaign=q3">book a demo</a> or reply to <a href="mailto:tom@acme.test">tom@acme.test</a>.</p>\n<p><a href="https://acme.test">https://acme.test</a></p>',
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Your Q3 update</title><style>p { margin: 0 } .btn { color: #fff }</style></head>
<body style="margin:0"><table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table width="600"><tr><td class="header"><img src="https://cdn.acme.test/logo.png" alt="Acme" width="120"></td></tr>
<tr><td><h1>What&rsquo;s new in Q3</h1><p>Three things changed since your last visit:</p>
<ul><li>Faster imports &mdash; up to 10&times; on large files</li><li>Smart lists with <b>live</b> filters</li><li>A new <a href="https://acme.test/api">API</a></li></ul>
<p style="text-align:center"><a class="btn" href="https://acme.test/login" style="background:#0a66c2;padding:12px 24px">Log in</a></p></td></tr>
<tr><td class="footer"><hr><p>Acme GmbH &middot; Hauptstra&szlig;e 1 &middot; 10115 Berlin</p><p><a href="https://acme.test/u/abc">Unsubscribe</a> | <a href="#prefs">Preferences</a></p></td></tr></table>
</td></tr></table><script>track()</script></body></html>`,
  '<div>Thanks, that works for me.</div><div><br></div><div>On Mon, 3 Nov 2025 at 10:02, Tom &lt;tom@acme.test&gt; wrote:</div><blockquote type="cite"><div>Hi Anna,</div><div>are you free on Thursday?</div><blockquote><p>Older message</p></blockquote></blockquote>',
  '<h2>Agenda</h2><ol><li>Intro</li><li>Pricing<ol type="a"><li>Starter</li><li>Team</li></ol></li><li>Next steps</li></ol><ol start="9" type="I"><li>nine</li><li>ten</li></ol><h4>Notes</h4><pre>  indented\n    code &lt;kept&gt;\n</pre><p>Done.</p>',
  '<p>Our offer:</p><table><thead><tr><th>Plan</th><th>Price</th></tr></thead><tbody><tr><td>Starter</td><td>49&euro;</td></tr><tr><td>Team</td><td>199&euro;</td></tr></tbody></table><p>Prices excl. VAT.</p>',
  '<p>' +
    'A long paragraph that goes on and on, so that wrapping at one hundred characters matters. '.repeat(6) +
    '</p><p>https://tracking.example.test/click?id=0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef&amp;u=42 is a long link.</p>',
  'Plain text with no tags at all &amp; an entity, and   extra   spaces\nand a newline.',
  '<p>Zero\u200bwidth and non&#8209;breaking, <span>inline <i>styles</i></span> and <u>more</u>; Caf&eacute; &#x1F600; &copy 2025 &notit;</p><p></p><div></div><p>&nbsp;</p><p>last</p>',
  '<h1>Hello <a href="https://acme.test/x">linked heading</a></h1><p>A<wbr>very<wbr>long<wbr>compound</p><ul>\n  <li>one</li>\n  <!-- a comment -->\n  <li><p>para in item</p></li>\n</ul><form><input name=q><button>Go</button></form>',
];

export const TEXT_FRAGMENTS = [
  ...['Hello', 'world', 'Dear Anna,', ' ', '  ', '\n', '\t', '\r\n', '\u00a0', '\u200b', 'é', '—', 'x'.repeat(120), 'word,'],
  ...['&amp;', '&amp', '&lt;', '&nbsp;', '&#39;', '&#x41;', '&#0;', '&#128;', '&notit;', '&copy', '&bogus;', '&'],
  ...['<a href="https://x.test/a?b=1&amp;c=2">', '<a href="#top">', '<a href=mailto:a@b.test>', '<a href>', '<a href="">', '</a>'],
  ...[
    '<ol start="3">',
    '<ol type="a">',
    '<ol type="I">',
    '</ol>',
    '<ul>',
    '</ul>',
    '<li>',
    '</li>',
    '<h2>',
    '</h2>',
    '<h5>',
    '</h5>',
    '<blockquote>',
    '</blockquote>',
  ],
  ...[
    '<pre>',
    '</pre>',
    '<hr>',
    '<hr/>',
    '<img src=x.png alt="pic">',
    '<p>',
    '</p>',
    '</br>',
    '<br/>',
    '<table>',
    '</table>',
    '<td>',
    '<th>',
    '<wbr>',
    '<section>',
    '</div>',
  ],
];
