// Tools the test suite needs beyond npm packages. Each entry checks, installs when possible (root +
// apt-get), and otherwise stops with a clear message.
export {};

// Chromium for the browser tests (console, puppeteer-core): CHROMIUM_PATH or Debian's /usr/bin/chromium.
{
  const { existsSync } = await import('node:fs');
  const { spawnSync } = await import('node:child_process');
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(path)) {
    const root = process.getuid?.() === 0;
    const apt = spawnSync('which', ['apt-get'], { stdio: 'ignore' }).status === 0;
    if (root && apt) {
      console.error('Chromium not found: installing the Debian chromium package for the browser tests ...');
      const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
      spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
      spawnSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit', env });
    }
    if (!existsSync(path)) {
      console.error(
        `Chromium is required for the browser tests and was not found at ${path}. Install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH.`,
      );
      process.exit(1);
    }
  }
}

// Dovecot (IMAP) for the sender mailbox tests: Debian dovecot-core + dovecot-imapd, and a non-root
// user whose uid owns the test mail folders (the first existing uid >= 1000, else a `svcmail` user).
{
  const { existsSync, readFileSync } = await import('node:fs');
  const { spawnSync } = await import('node:child_process');
  const dovecot = process.env.DOVECOT_PATH || '/usr/sbin/dovecot';
  const root = process.getuid?.() === 0;
  const apt = spawnSync('which', ['apt-get'], { stdio: 'ignore' }).status === 0;
  if (!existsSync(dovecot) && root && apt) {
    console.error('Dovecot not found: installing dovecot-core and dovecot-imapd for the IMAP tests ...');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'dovecot-core', 'dovecot-imapd'], { stdio: 'inherit', env });
  }
  if (!existsSync(dovecot)) {
    console.error(
      `Dovecot is required for the IMAP tests and was not found at ${dovecot}. Install it (Debian: apt-get install -y dovecot-core dovecot-imapd) or set DOVECOT_PATH.`,
    );
    process.exit(1);
  }
  const users = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .map((l) => l.split(':'))
    .filter((f) => Number(f[2]) >= 1000 && Number(f[2]) < 65534);
  if (root && !users.length && spawnSync('id', ['svcmail'], { stdio: 'ignore' }).status !== 0) {
    spawnSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', 'svcmail'], { stdio: 'inherit' });
  }
}

// poppler-utils (pdftotext, pdfimages) for the creative PDF test: reads back the text and the
// embedded images of the PDFs Chromium prints.
{
  const { spawnSync } = await import('node:child_process');
  const have = spawnSync('which', ['pdftotext'], { stdio: 'ignore' }).status === 0;
  const root = process.getuid?.() === 0;
  const apt = spawnSync('which', ['apt-get'], { stdio: 'ignore' }).status === 0;
  if (!have && root && apt) {
    console.error('pdftotext not found: installing poppler-utils for the PDF tests ...');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'poppler-utils'], { stdio: 'inherit', env });
  }
  if (spawnSync('which', ['pdftotext'], { stdio: 'ignore' }).status !== 0) {
    console.error('pdftotext/pdfimages (poppler-utils) are required for the PDF tests. Install them (Debian: apt-get install -y poppler-utils).');
    process.exit(1);
  }
}

// SpamAssassin's spamd (optional): the content-check integration test runs against the real spamd when
// it is installed and against the SPAMD-protocol stand-in otherwise, so a failed install is not fatal.
{
  const { existsSync } = await import('node:fs');
  const { spawnSync } = await import('node:child_process');
  const root = process.getuid?.() === 0;
  const apt = spawnSync('which', ['apt-get'], { stdio: 'ignore' }).status === 0;
  if (!existsSync('/usr/sbin/spamd') && root && apt) {
    console.error('spamd not found: installing the Debian spamd package for the content-check test (optional) ...');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'spamd'], { stdio: 'inherit', env });
  }
}
