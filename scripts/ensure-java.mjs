// DynamoDB Local needs Java 17+. Checks for it and, when running as root on Debian, installs it.
import { spawnSync } from 'node:child_process';

const ok = () => spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0;
if (!ok()) {
  const root = process.getuid?.() === 0;
  const apt = spawnSync('which', ['apt-get'], { stdio: 'ignore' }).status === 0;
  if (root && apt) {
    console.error('Java not found: installing openjdk-17-jre-headless for DynamoDB Local ...');
    spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'openjdk-17-jre-headless'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  }
  if (!ok()) {
    console.error('Java 17+ is required for DynamoDB Local. Install it (Debian: apt-get install -y openjdk-17-jre-headless) and retry.');
    process.exit(1);
  }
}
