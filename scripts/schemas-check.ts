// npm run schemas:check — every schema file against its meta-schema, the other files, the
// migrations and the site overrides. Exit 1 when anything is wrong.
import { runFullSchemasCheck } from '../server/schemas/check.ts';

const { files, problems } = await runFullSchemasCheck();
for (const p of problems) console.log(`schemas/${p.file} → ${p.pointer || '(whole file)'}: ${p.message}`);
if (problems.length) {
  console.log(`schemas:check: ${problems.length} problem${problems.length === 1 ? '' : 's'}`);
  process.exitCode = 1;
} else {
  console.log(`schemas:check: ${files} files, no problems`);
}
