import { expect } from 'chai';
import { ApiError } from '../errors';
import { addressProblem, resolveWebhookUrl } from './url-policy';
import type { LookupAll, WebhookUrlPolicy } from './url-policy';

const STRICT: WebhookUrlPolicy = { allowHttp: false, allowPrivateAddresses: false };
const LOCAL: WebhookUrlPolicy = { allowHttp: true, allowPrivateAddresses: true };

/** A resolver that answers from a table, and counts the names it was asked. */
function lookupFrom(table: Record<string, string[]>): LookupAll & { asked: string[] } {
  const asked: string[] = [];
  const lookup = (hostname: string) => {
    asked.push(hostname);
    const found = table[hostname];
    if (!found) return Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
    return Promise.resolve(found.map((address) => ({ address, family: address.includes(':') ? (6 as const) : (4 as const) })));
  };
  return Object.assign(lookup, { asked });
}

/** The refusal's reason, or undefined when the URL passes. */
async function refusal(url: string, policy: WebhookUrlPolicy, lookup: LookupAll = lookupFrom({})): Promise<string | undefined> {
  try {
    await resolveWebhookUrl(url, policy, lookup);
    return undefined;
  } catch (error) {
    expect(error).to.be.instanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.code).to.equal('webhook_url_refused');
    expect(apiError.status).to.equal(400);
    expect(apiError.details?.[0]?.field).to.equal('url');
    return apiError.details?.[0]?.message;
  }
}

describe('webhook URL policy (SSRF)', () => {
  const publicDns = lookupFrom({ 'hooks.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'] });

  it('accepts a public https URL and gives every address its name resolves to', async () => {
    const resolved = await resolveWebhookUrl('https://hooks.example.com/in?x=1', STRICT, publicDns);
    expect(resolved.url.href).to.equal('https://hooks.example.com/in?x=1');
    expect(resolved.addresses).to.deep.equal([
      { address: '93.184.215.14', family: 4 },
      { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
    ]);
  });

  it('accepts a public IP literal without asking the resolver', async () => {
    const lookup = lookupFrom({});
    const resolved = await resolveWebhookUrl('https://8.8.8.8:8443/hook', STRICT, lookup);
    expect(resolved.addresses).to.deep.equal([{ address: '8.8.8.8', family: 4 }]);
    expect((await resolveWebhookUrl('https://[2001:4860:4860::8888]/', STRICT, lookup)).addresses).to.deep.equal([
      { address: '2001:4860:4860::8888', family: 6 },
    ]);
    expect(lookup.asked).to.deep.equal([]);
  });

  it('refuses what is not an absolute http(s) URL, and http unless allowed', async () => {
    expect(await refusal('not a url', STRICT)).to.equal('it is not an absolute URL');
    expect(await refusal('/relative/path', STRICT)).to.equal('it is not an absolute URL');
    expect(await refusal('ftp://hooks.example.com/', STRICT)).to.match(/scheme is ftp/);
    expect(await refusal('file:///etc/passwd', STRICT)).to.match(/scheme is file/);
    expect(await refusal('gopher://hooks.example.com/', LOCAL)).to.match(/scheme is gopher/);
    expect(await refusal('http://hooks.example.com/', STRICT, publicDns)).to.equal('it is http; only https URLs are accepted');
    expect(await refusal('http://hooks.example.com/', { ...STRICT, allowHttp: true }, publicDns)).to.equal(undefined);
    expect(await refusal(`https://hooks.example.com/${'a'.repeat(2000)}`, STRICT, publicDns)).to.match(/longer than 2000/);
  });

  it('refuses credentials in the URL', async () => {
    expect(await refusal('https://user:pw@hooks.example.com/', STRICT, publicDns)).to.equal('it holds a user name or password');
    expect(await refusal('https://user@hooks.example.com/', LOCAL, publicDns)).to.equal('it holds a user name or password');
  });

  it('refuses a literal host in any inner range, in whatever form the URL writes it', async () => {
    const cases: [string, RegExp][] = [
      ['https://127.0.0.1/', /127\.0\.0\.1, a loopback address/],
      ['https://127.1/', /127\.0\.0\.1, a loopback address/],
      ['https://2130706433/', /127\.0\.0\.1, a loopback address/],
      ['https://0x7f000001/', /127\.0\.0\.1, a loopback address/],
      ['https://10.0.0.7/', /10\.0\.0\.7, a private address/],
      ['https://172.16.5.4/', /a private address/],
      ['https://192.168.1.1/', /a private address/],
      ['https://100.64.0.1/', /carrier-grade NAT/],
      ['https://169.254.1.1/', /a link-local address/],
      ['https://0.0.0.0/', /an unspecified address/],
      ['https://224.0.0.1/', /a multicast address/],
      ['https://255.255.255.255/', /the broadcast address/],
      ['https://240.0.0.1/', /a reserved address/],
      ['https://[::1]/', /::1, a loopback address/],
      ['https://[::]/', /an unspecified address/],
      ['https://[fe80::1]/', /a link-local address/],
      ['https://[fc00::1]/', /unique local/],
      ['https://[fd12:3456::1]/', /unique local/],
      ['https://[ff02::1]/', /a multicast address/],
      ['https://[::ffff:127.0.0.1]/', /127\.0\.0\.1, a loopback address/],
      ['https://[::ffff:10.1.2.3]/', /10\.1\.2\.3, a private address/],
      ['https://[::7f00:1]/', /a reserved address/],
      ['https://[64:ff9b::a00:1]/', /special-purpose/],
    ];
    for (const [url, reason] of cases) expect(await refusal(url, STRICT), url).to.match(reason);
  });

  it('names cloud metadata addresses, and refuses them even where private addresses are allowed', async () => {
    for (const url of [
      'https://169.254.169.254/latest/meta-data/',
      'https://[fd00:ec2::254]/',
      'https://100.100.100.200/',
      'https://[::ffff:169.254.169.254]/',
    ]) {
      expect(await refusal(url, STRICT), url).to.match(/a cloud metadata address/);
      expect(await refusal(url, LOCAL), url).to.match(/a cloud metadata address/);
    }
    const dns = lookupFrom({ 'metadata.google.internal': ['169.254.169.254'] });
    expect(await refusal('https://metadata.google.internal/', LOCAL, dns)).to.equal(
      'its host resolves to 169.254.169.254, a cloud metadata address',
    );
  });

  it('refuses a name if any of its addresses is inner, and says which', async () => {
    const dns = lookupFrom({ 'mixed.example.com': ['93.184.215.14', '10.0.0.7'], 'inner.example.com': ['fd00::5'] });
    expect(await refusal('https://mixed.example.com/', STRICT, dns)).to.equal('its host resolves to 10.0.0.7, a private address');
    expect(await refusal('https://inner.example.com/', STRICT, dns)).to.match(/^its host resolves to fd00::5, a private/);
    expect(await refusal('https://mixed.example.com/', LOCAL, dns)).to.equal(undefined);
  });

  it('refuses localhost names without asking the resolver, unless private addresses are allowed', async () => {
    const dns = lookupFrom({ localhost: ['127.0.0.1'], 'app.localhost': ['127.0.0.1'] });
    for (const url of ['https://localhost/', 'https://LOCALHOST./', 'https://app.localhost:8443/']) {
      expect(await refusal(url, STRICT, dns), url).to.match(/names this machine/);
    }
    expect(dns.asked).to.deep.equal([]);
    expect(await refusal('http://localhost:3000/', LOCAL, dns)).to.equal(undefined);
  });

  it('refuses a name that does not resolve, or resolves to nothing', async () => {
    expect(await refusal('https://nowhere.invalid/', STRICT)).to.equal('its host "nowhere.invalid" could not be resolved (ENOTFOUND)');
    expect(await refusal('https://empty.example.com/', STRICT, () => Promise.resolve([]))).to.equal(
      'its host "empty.example.com" resolves to no address',
    );
  });

  it('allows every inner address when the operator allows private addresses', async () => {
    for (const url of ['http://127.0.0.1:8080/', 'http://[::1]/', 'http://10.0.0.7/', 'http://192.168.0.2/']) {
      expect(await refusal(url, LOCAL), url).to.equal(undefined);
    }
  });

  it('reads public addresses as allowed and refuses what is not an address', () => {
    expect(addressProblem('1.1.1.1', STRICT)).to.equal(undefined);
    expect(addressProblem('2a00:1450:4001:82b::200e', STRICT)).to.equal(undefined);
    expect(addressProblem('::ffff:1.1.1.1', STRICT)).to.equal(undefined);
    expect(addressProblem('example.com', STRICT)).to.equal('not an IP address');
  });
});
