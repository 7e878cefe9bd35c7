/**
 * Bench customers: fictitious people with valid HKID numbers (the domain's check digit), stored
 * in their normal form as the customer service stores them, so an ID search finds them exactly.
 * Made in JavaScript (names and check digits) and inserted in batches through `unnest` arrays.
 */
import { hkidCheckDigit } from '@harbour/domain';
import type pg from 'pg';

const SURNAMES = ['陳', '李', '張', '黃', '何', '林', '梁', '劉', '吳', '鄭', '王', '周', '郭', '馮', '曾', '羅', '蔡', '葉', '潘', '蘇'];
const SURNAMES_EN = ['CHAN', 'LEE', 'CHEUNG', 'WONG', 'HO', 'LAM', 'LEUNG', 'LAU', 'NG', 'CHENG', 'WONG', 'CHOW', 'KWOK', 'FUNG', 'TSANG', 'LAW', 'CHOI', 'YIP', 'POON', 'SO'];
const GIVEN = ['志明', '美玲', '家豪', '小燕', '國強', '詠詩', '偉傑', '佩珊', '子健', '麗華', '嘉欣', '俊傑', '慧敏', '浩然', '淑儀', '振華', '秀英', '建國', '雅婷', '文傑'];
const GIVEN_EN = ['Chi Ming', 'Mei Ling', 'Ka Ho', 'Siu Yin', 'Kwok Keung', 'Wing Sze', 'Wai Kit', 'Pui Shan', 'Tsz Kin', 'Lai Wah', 'Ka Yan', 'Chun Kit', 'Wai Man', 'Ho Yin', 'Suk Yee', 'Chun Wah', 'Sau Ying', 'Kin Kwok', 'Nga Ting', 'Man Kit'];
/** Prefix letters no demo customer uses, so bench numbers never collide with the demo's. */
const LETTERS = 'HJNSTUVWZ';

/** The HKID number of bench customer `n` (0-based), normalised: letter, 6 digits, check digit. */
export function benchIdNumber(n: number): string {
  const letter = LETTERS[n % LETTERS.length]!;
  const digits = String(Math.floor(n / LETTERS.length) + 100_000).padStart(6, '0');
  return `${letter}${digits}${hkidCheckDigit(letter, digits)}`;
}

const BATCH = 10_000;

/** Inserts `count` customers; answers their ids in order. */
export async function seedCustomers(client: pg.Client, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let from = 0; from < count; from += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - from) }, (_, k) => from + k);
    const col = <T>(f: (n: number) => T) => rows.map(f);
    const { rows: inserted } = await client.query<{ id: number }>(
      `insert into customers (customer_code, type, name, english_name, gender, date_of_birth, id_type, id_number, mobile1, source, residential_address, salary)
       select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::date[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::numeric[])
       returning id`,
      [
        col((n) => `BC${String(n + 1).padStart(7, '0')}`),
        col(() => 'personal'),
        col((n) => `${SURNAMES[n % 20]}${GIVEN[Math.floor(n / 20) % 20]}`),
        col((n) => `${SURNAMES_EN[n % 20]} ${GIVEN_EN[Math.floor(n / 20) % 20]}`),
        col((n) => (n % 2 === 0 ? 'M' : 'F')),
        col((n) => `${1950 + (n % 50)}-${String((n % 12) + 1).padStart(2, '0')}-${String((n % 28) + 1).padStart(2, '0')}`),
        col(() => 'hkid'),
        col(benchIdNumber),
        col((n) => String(50_000_000 + n * 7)),
        col((n) => ['newspaper', 'television', 'magazine'][n % 3]!),
        col((n) => `九龍旺角彌敦道 ${(n % 900) + 1} 號 ${(n % 30) + 1} 樓`),
        col((n) => String(12_000 + (n % 40) * 1_000)),
      ],
    );
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}
