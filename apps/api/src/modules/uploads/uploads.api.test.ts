import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APP, ROLE } from '@kassa/contract/access';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../../test/factories/merchants.ts';
import { createUser } from '../../../test/factories/users.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { buildPeerApp, type PeerApp } from '../../../test/peer-app.ts';
import { createSignedInUser, type TestSession } from '../../../test/session.ts';
import { startSession } from '../auth/session.service.ts';
import { copyDiskImagesToDatabase } from './image-store.ts';

let t: TestApp;
let owner: TestSession;
let viewer: TestSession; // Products: view only
let editor: TestSession; // Products: view + edit

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

function multipart(bytes: Buffer, filename = 'photo.png', type = 'image/png', field = 'file') {
  const boundary = '----kassa-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (
  session: Pick<TestSession, 'auth'> | null,
  bytes: Buffer,
  filename?: string,
  type?: string,
  field?: string,
  query = '',
) => {
  const { payload, headers } = multipart(bytes, filename, type, field);
  return t.app.inject({
    method: 'POST',
    url: `/apiv1/uploads/image/${query}`,
    payload,
    headers: { ...headers, ...session?.auth },
  });
};
const uploadLogo = (session: Pick<TestSession, 'auth'> | null, bytes = PNG) =>
  upload(session, bytes, 'logo.png', 'image/png', 'file', '?purpose=logo');

beforeAll(async () => {
  t = await buildTestApp();
  const merchantId = (await createMerchant(t.ctx.db)).id;
  owner = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId });
  viewer = await createSignedInUser(t, { role: ROLE.MERCHANT_SUB_USER, merchantId, access: { [APP.PRODUCTS]: [1] } });
  editor = await createSignedInUser(t, {
    role: ROLE.MERCHANT_SUB_USER,
    merchantId,
    access: { [APP.PRODUCTS]: [1, 3] },
  });
});
afterAll(() => t.close());

describe('image uploads', () => {
  it('stores a PNG and serves it back with a long cache, usable as a product image', async () => {
    const res = await upload(owner, PNG);
    expect(res.statusCode, res.body).toBe(201);
    const { url, content_type, size } = res.json().result;
    expect(url).toMatch(/^\/apiv1\/uploads\/[0-9a-f-]{36}\.png$/);
    expect({ content_type, size }).toEqual({ content_type: 'image/png', size: PNG.length });

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const product = await t.app.inject({
      method: 'POST',
      url: '/apiv1/product/',
      headers: owner.auth,
      payload: { name: 'With image', price_per_unit: 100, currency: 'USD', image: url },
    });
    expect(product.statusCode, product.body).toBe(201);
    expect(product.json().result.image).toBe(url);
  });

  it('decides the type by the bytes: a GIF named .png is refused, a JPEG named .txt accepted as .jpg', async () => {
    const gif = await upload(owner, Buffer.from('GIF89a-----------'), 'x.png', 'image/png');
    expect(gif.statusCode).toBe(400);
    expect(gif.json().errors).toEqual([{ path: 'file', message: 'Upload a PNG, JPEG or WebP image.' }]);
    const jpeg = await upload(owner, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'x.txt', 'text/plain');
    expect(jpeg.statusCode, jpeg.body).toBe(201);
    expect(jpeg.json().result.url).toMatch(/\.jpg$/);
  });

  it('refuses an image over 2 MB with a field error', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const res = await upload(owner, big);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('file');
    expect(res.json().message).toMatch(/2 MB/);
  });

  it('needs sign-in and create or edit access to Products', async () => {
    expect((await upload(null, PNG)).statusCode).toBe(401);
    expect((await upload(viewer, PNG)).statusCode).toBe(403);
    expect((await upload(editor, PNG)).statusCode).toBe(201);
  });

  it('answers unknown or malformed file names with 404', async () => {
    for (const name of ['00000000-0000-0000-0000-000000000000.png', '..%2F..%2Fetc%2Fpasswd', 'x.svg']) {
      expect((await t.app.inject({ method: 'GET', url: `/apiv1/uploads/${name}` })).statusCode).toBe(404);
    }
  });

  it('refuses a request without the file field', async () => {
    expect((await upload(owner, PNG, 'a.png', 'image/png', 'other')).statusCode).toBe(400);
  });
});

describe('logo uploads (?purpose=logo)', () => {
  it('let the owner and staff upload a logo without Products access, even before the Payment Hub is active', async () => {
    const merchant = await createMerchant(t.ctx.db, { paymentHubStatus: 1 });
    const newOwner = await createSignedInUser(t, { role: ROLE.MERCHANT_OWNER, merchantId: merchant.id });
    const staff = await createSignedInUser(t, { role: ROLE.MERCHANT_STAFF, merchantId: merchant.id });
    // The same owner is refused a product image while its Payment Hub is pending.
    expect((await upload(newOwner, PNG)).statusCode).toBe(403);
    const res = await uploadLogo(newOwner);
    expect(res.statusCode, res.body).toBe(201);
    const { url } = res.json().result;
    expect((await uploadLogo(staff)).statusCode).toBe(201);

    const saved = await t.app.inject({
      method: 'PATCH',
      url: '/apiv1/auth/merchant-profile/',
      headers: newOwner.auth,
      payload: { logo: url },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().result.logo).toBe(url);
  });

  it('refuse sub-users, even with every Products code, admins and anonymous callers', async () => {
    const merchantId = (await createMerchant(t.ctx.db)).id;
    const clerk = await createSignedInUser(t, {
      role: ROLE.MERCHANT_SUB_USER,
      merchantId,
      access: { [APP.PRODUCTS]: [1, 2, 3, 4], [APP.USERS]: [1, 2, 3, 4] },
    });
    expect((await uploadLogo(clerk)).statusCode).toBe(403);
    expect((await upload(clerk, PNG)).statusCode).toBe(201);
    const admin = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN });
    expect((await uploadLogo(admin)).statusCode).toBe(403);
    expect((await uploadLogo(null)).statusCode).toBe(401);
  });

  it('refuse an embed session, which may not change the business profile', async () => {
    const merchantId = (await createMerchant(t.ctx.db)).id;
    const user = await createUser(t.ctx.db, { role: ROLE.MERCHANT_OWNER, merchantId });
    const { access } = await startSession(t.ctx, { userId: user.id, role: user.role, merchantId, segments: ['PR'] });
    const res = await uploadLogo({ auth: { authorization: `Bearer ${access}` } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Open Kassa directly to change account settings.');
  });

  it('check the bytes like any upload and refuse an unknown purpose', async () => {
    const gif = await upload(owner, Buffer.from('GIF89a-----------'), 'x.png', 'image/png', 'file', '?purpose=logo');
    expect(gif.statusCode).toBe(400);
    const unknown = await upload(owner, PNG, 'x.png', 'image/png', 'file', '?purpose=avatar');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].path).toBe('purpose');
  });
});

const ON_POSTGRES = process.env.KASSA_TEST_DB === 'postgres';

describe.skipIf(!ON_POSTGRES)("on PostgreSQL, images are the database's, not one process's", () => {
  let peer: PeerApp;
  beforeAll(async () => {
    peer = await buildPeerApp(t);
  });
  afterAll(() => peer?.close());

  const serve = (app: PeerApp['app'] | TestApp['app'], url: string) => app.inject({ method: 'GET', url });

  it('serves an image uploaded through one process from another, with the same headers, and writes no file', async () => {
    const res = await upload(owner, PNG);
    expect(res.statusCode, res.body).toBe(201);
    const { url } = res.json().result;
    const served = await serve(peer.app, url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(existsSync(join(t.ctx.config.dataDir, 'uploads'))).toBe(false);
  });

  it("refuses another merchant's upload as a logo, on whichever process", async () => {
    const other = await createSignedInUser(t, {
      role: ROLE.MERCHANT_OWNER,
      merchantId: (await createMerchant(t.ctx.db)).id,
    });
    const { url } = (await uploadLogo(owner)).json().result;
    const res = await peer.app.inject({
      method: 'PATCH',
      url: '/apiv1/auth/merchant-profile/',
      headers: other.auth,
      payload: { logo: url },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'logo', message: 'Upload the image first' }]);
    const own = await peer.app.inject({
      method: 'PATCH',
      url: '/apiv1/auth/merchant-profile/',
      headers: owner.auth,
      payload: { logo: url },
    });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('copies images from a data dir written before DATABASE_URL was set, once, and serves them everywhere', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kassa-old-uploads-'));
    try {
      const name = `${crypto.randomUUID()}.png`;
      mkdirSync(join(dir, 'uploads'));
      writeFileSync(join(dir, 'uploads', name), PNG);
      writeFileSync(join(dir, 'uploads', 'notes.txt'), 'not an upload');
      expect(await copyDiskImagesToDatabase(t.ctx.db, dir)).toBe(1);
      expect(await copyDiskImagesToDatabase(peer.ctx.db, dir)).toBe(0);
      const served = await serve(peer.app, `/apiv1/uploads/${name}`);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(PNG)).toBe(true);
      // Its owner is unknown: the merchant who set it as a logo before keeps being able to.
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/apiv1/auth/merchant-profile/',
        headers: owner.auth,
        payload: { logo: `/apiv1/uploads/${name}` },
      });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
