// Checks files of the report page's data against Docs/report-data-v1.schema.json:
// `node check-report-data.js DEFINITION FILE…` (DEFINITION: page, delta, insides or
// neighbourhoods, or "any" for page or delta). Prints each problem as `FILE: /pointer: what`
// and exits 1 when there is one. The Swift tests run it on what ReportData.swift writes.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { check } = require('./json-schema.js');

const schema = JSON.parse(fs.readFileSync(path.join(__dirname, '../../Docs/report-data-v1.schema.json'), 'utf8'));
const [definition, ...files] = process.argv.slice(2);
const part = definition === 'any' ? schema : { $ref: `#/$defs/${definition}` };
let failed = false;
for (const file of files) {
  const problems = check(part, JSON.parse(fs.readFileSync(file, 'utf8')), schema);
  for (const problem of problems.slice(0, 20)) console.log(`${file}: ${problem.at}: ${problem.message}`);
  if (problems.length) failed = true;
}
process.exit(failed ? 1 : 0);
