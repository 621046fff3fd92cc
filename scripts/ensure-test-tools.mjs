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
      console.error(`Chromium is required for the browser tests and was not found at ${path}. Install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH.`);
      process.exit(1);
    }
  }
}
