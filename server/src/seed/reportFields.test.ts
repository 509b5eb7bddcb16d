import { Random } from './random';
import { browserOf, emailReportFields, webReportFields } from './reportFields';

describe('demo report fields', () => {
  it('reads the browser and its major version from a user agent (Edge before Chrome, Safari by Version/)', () => {
    expect(
      browserOf(
        'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0',
      ),
    ).toEqual({ browser: 'Edge', version: 'Edge 130' });
    expect(browserOf('Mozilla/5.0 (Windows NT 10.0; rv:132.0) Gecko/20100101 Firefox/132.0')).toEqual({
      browser: 'Firefox',
      version: 'Firefox 132',
    });
    expect(
      browserOf(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ browser: 'Safari', version: 'Safari 18' });
    expect(browserOf('curl/8.5.0')).toBeNull();
  });

  it('gives an SMTP code that matches the action: 250 when delivered, 4xx/5xx when refused or failed', () => {
    const x = new Random(1);
    for (let i = 0; i < 200; i += 1) {
      expect(emailReportFields(x, { smtp_action: 'upstream-accept' }).smtp_code).toBe(250);
      expect([550, 552, 554]).toContain(emailReportFields(x, { smtp_action: 'upstream-reject' }).smtp_code);
      expect([421, 451]).toContain(emailReportFields(x, { smtp_action: 'upstream-abort' }).smtp_code);
      expect(emailReportFields(x, { smtp_action: 'observed' }).time_taken).toBeGreaterThan(0);
    }
  });

  it('derives what follows from the event: file type, page request, v2 category, AV verdict of malware', () => {
    const x = new Random(2);
    const web = webReportFields(x, {
      file_name: 'setup.exe',
      threat_class: 'malware',
      resource_category: 'download',
      category: 'malware_sites',
      risk: 'R',
      user_agent: 'curl/8.5.0',
    });
    expect(web).toMatchObject({
      file_type: 'exe',
      is_page_request: 'false',
      webroot_cats: 'malware_sites',
      av_scan_result: 'infected',
    });
    // An event without an application has no cloud-app fields.
    expect(web.casb_cat_name).toBeNull();
    expect(web.is_casb_ddl).toBeNull();
  });
});
