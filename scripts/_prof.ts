import { generateDemoData } from '../src/analyst/demo/generate';
import { catalogFromDataset } from '../src/analyst/parse/catalog-from-dataset';
import { parseQuestion } from '../src/analyst/parse/parse-question';
import { longQuestions } from './bench/long-questions';
const catalog = catalogFromDataset(generateDemoData({ today: '2026-11-20' }));
const names = catalog.entities.filter((e) => e.level === 'campaign').map((e) => e.name);
const qs = longQuestions(names).filter((x) => (process.env.Q ?? '').split(',').includes(x.name));
for (let i = 0; i < 20; i++) for (const q of qs) parseQuestion(q.text + ' '.repeat(i % 2), { catalog, today: '2026-11-20' });
