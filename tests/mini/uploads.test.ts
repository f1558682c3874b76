/**
 * Uploading a photo through the host (issue 17): the mini-programs pick a photo with the host's
 * own picker (wx.chooseMedia, my.chooseImage) and send it with the host's uploadFile, the signed
 * form fields as formData and the file as 'file' (the payment app: fileType 'image'), straight to
 * the server's object store, which checks the policy and answers 200. Driven through the profile
 * page's avatar ('Change photo'): the picture the server checked becomes the member's avatar.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import sharp from 'sharp'
import type { MiniHostDouble } from './host-double'
import { LOCALE_ON_ENGLISH_DEVICE, openTable, say } from './steps'
import { MINI_KINDS, demoCode, useMiniServer } from './server'
import type { Locale } from '../../src/gateway/contract'

const app = useMiniServer()

async function openProfile(d: MiniHostDouble, locale: Locale): Promise<void> {
  await d.tap(say(locale, 'tab.mine'))
  await d.waitForRoute('pages/mine/mine')
  await d.idle()
  await d.waitForText(`Dev ${d.openId}`)
  await d.tap(say(locale, 'member.entry.profile'))
  await d.waitForRoute('pages/vipDetailsEdit/vipDetailsEdit')
  await d.idle()
  await d.waitForText(say(locale, 'avatar.change'))
}

for (const kind of MINI_KINDS) {
  const locale = LOCALE_ON_ENGLISH_DEVICE[kind]

  describe(`${kind} build: a photo through the host's uploadFile`, () => {
    test("Change photo: a cancelled pick sends nothing; a picked JPEG goes up with the signed form (200) and becomes the avatar", async () => {
      const d = app.device(kind)
      d.openId = `${kind}-uploads-1`
      await openTable(d, await demoCode(app.server, 'T01'), locale)
      await openProfile(d, locale)

      // The diner closes the picker: nothing uploaded, no error.
      await d.tap(say(locale, 'avatar.change'))
      await d.idle()
      assert.equal(d.uploads.length, 0)

      const body = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 30, g: 160, b: 90 } } })
        .jpeg()
        .withExif({ IFD0: { Make: 'HostCam' } })
        .toBuffer()
      d.photoAnswers.push([{ path: `${kind === 'weapp' ? 'wxfile://tmp_' : 'https://resource/apml'}photo1.jpg`, body, width: 400, height: 300 }])
      await d.tap(say(locale, 'avatar.change'))
      await d.idle()
      await d.waitFor(() => d.uploads.length === 1 && d.uploads[0].status !== 0, 'the upload answered')

      const [upload] = d.uploads
      assert.equal(upload.status, 200)
      assert.equal(upload.name, 'file')
      if (kind === 'alipay') assert.equal(upload.fileType, 'image')
      assert.match(upload.url, /\/storage\/upload$/)
      assert.match(upload.formData.key, /^uploads\/E1001\/avatar\//)
      assert.equal(upload.formData['Content-Type'], 'image/jpeg')
      assert.ok(upload.formData.Policy && upload.formData['X-Amz-Signature'])

      // The checked picture is the member's avatar, served by the store without its metadata.
      const headImg = async () => (await app.server.db.selectFrom('members').select('head_img').where('vip_name', '=', `Dev ${d.openId}`).executeTakeFirst())?.head_img ?? ''
      for (let i = 0; i < 100 && !(await headImg()); i++) await new Promise((r) => setTimeout(r, 100))
      const row = { head_img: await headImg() }
      assert.match(row.head_img, /\/storage\/images\/E1001\/avatar\/[0-9a-f]{32}\.jpg$/)
      const served = await fetch(new URL(new URL(row.head_img).pathname, app.server.url))
      assert.equal(served.status, 200)
      assert.equal(served.headers.get('content-type'), 'image/jpeg')
      const bytes = Buffer.from(await served.arrayBuffer())
      assert.equal(bytes.includes(Buffer.from('HostCam')), false)
      assert.deepEqual(d.errors, [])
    })
  })
}
