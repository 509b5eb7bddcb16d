import { escapeHtml, previewDocument } from './notificationPreview';

const context = {
  pageLabel: 'Blocked page',
  details: [['Address', 'https://x.example/?a=<b>']] as Array<[string, string]>,
  dark: false,
};

describe('notification preview (issue 13): the tenant’s text is escaped, never markup', () => {
  test('escapeHtml escapes the five characters that start markup or end an attribute', () => {
    expect(escapeHtml(`<img src=x onerror="alert('x')">&`)).toBe(
      '&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;',
    );
  });

  test('title, message, contact and details appear escaped; blank lines make paragraphs', () => {
    const html = previewDocument(
      {
        title: '<script>alert(1)</script>Blocked',
        message: 'First line\nsecond line\n\n<b>bold?</b>',
        contact_email: 'it"@acme.example',
      },
      context,
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(html).toContain('<h1>&lt;script&gt;alert(1)&lt;/script&gt;Blocked</h1>');
    expect(html).toContain('<p>First line<br>second line</p><p>&lt;b&gt;bold?&lt;/b&gt;</p>');
    expect(html).toContain('mailto:it&quot;@acme.example');
    expect(html).toContain('<dd>https://x.example/?a=&lt;b&gt;</dd>');
  });

  test('only an http(s) logo address becomes an image', () => {
    const withLogo = (logo_url: string) => previewDocument({ title: 'T', message: 'M', logo_url }, context);
    expect(withLogo('https://cdn.acme.example/logo.png')).toContain(
      '<img class="logo" src="https://cdn.acme.example/logo.png" alt="Logo">',
    );
    expect(withLogo('javascript:alert(1)')).not.toContain('<img');
    expect(withLogo('data:text/html,<script>1</script>')).not.toContain('<img');
  });
});
