import type { CustomerCreate } from '@harbour/contracts';
import { customerCreateSchema } from '@harbour/contracts';
import type { Db } from '../db/client.js';
import { systemContext } from '../platform/context.js';
import { customerService } from '../modules/customers/service.js';

type Demo = { store: number; black?: string } & Record<string, unknown>;

/**
 * Demo customers (fictitious people and companies; HKIDs with valid check digits). Made through
 * the customer service, so their codes come from the code format like any customer's.
 */
const DEMO_CUSTOMERS: Demo[] = [
  { store: 0, type: 'personal', name: '陳志明', englishName: 'CHAN Chi Ming', gender: 'M', dateOfBirth: '1985-03-14', idType: 'hkid', idNumber: 'A382916(5)', mobile1: '9132 4501', homeNo: '2345 6701', email: 'cm.chan@example.com', marital: 'married', education: 'secondary', residentialType: 'public_housing', source: 'newspaper', residentialAddress: '九龍旺角彌敦道 688 號 12 樓 B 室', livingFrom: '2015-06-01', occupyWith: '太太及兩名子女', companyName: '旺角運輸有限公司', career: '司機', position: '貨車司機', employmentType: '全職', workFrom: '2012-09-01', salary: '23500.00', incomeProof: '糧單' },
  { store: 0, type: 'personal', name: '李美玲', englishName: 'LEE Mei Ling', gender: 'F', dateOfBirth: '1992-11-02', idType: 'hkid', idNumber: 'C554107(5)', mobile1: '6234 5102', mobile2: '5345 6203', email: 'meiling.lee@example.com', marital: 'single', education: 'tertiary', residentialType: 'rent', source: 'television', residentialAddress: '九龍油麻地上海街 321 號 5 樓', livingFrom: '2021-02-15', occupyWith: '獨居', companyName: '港灣零售有限公司', career: '零售', department: '門市', position: '店舖主任', employmentType: '全職', workFrom: '2018-04-01', salary: '19800.00', incomeProof: '銀行月結單' },
  { store: 0, type: 'personal', name: '黃家豪', englishName: 'WONG Ka Ho', gender: 'M', dateOfBirth: '1978-07-21', idType: 'hkid', idNumber: 'D273648(A)', mobile1: '9456 7303', marital: 'divorced', education: 'secondary', residentialType: 'private', source: 'magazine', residentialAddress: '九龍深水埗長沙灣道 150 號 8 樓 C 室', companyName: '豪記裝修工程', career: '裝修', position: '判頭', employmentType: '自僱', workFrom: '2010-01-01', salary: '32000.00', incomeProof: '商業登記及報稅表' },
  { store: 0, type: 'personal', name: '張小燕', englishName: 'CHEUNG Siu Yin', gender: 'F', dateOfBirth: '1988-05-09', idType: 'hkid', idNumber: 'E618203(1)', mobile1: '6567 8404', email: 'siuyin@example.com', marital: 'married', education: 'tertiary', residentialType: 'psps', source: 'television', residentialAddress: '新界沙田大圍積輝街 8 號 20 樓 A 室', occupyWith: '丈夫', companyName: '沙田會計師事務所', career: '會計', department: '審計', position: '會計主任', employmentType: '全職', workFrom: '2016-08-15', salary: '28500.00', incomeProof: '糧單' },
  { store: 1, type: 'personal', name: '劉國強', englishName: 'LAU Kwok Keung', gender: 'M', dateOfBirth: '1970-12-30', idType: 'hkid', idNumber: 'G904451(4)', mobile1: '9678 9505', homeNo: '2789 0105', marital: 'married', education: 'primary', residentialType: 'public_housing', source: 'newspaper', residentialAddress: '九龍觀塘秀茂坪邨秀明樓 1234 室', companyName: '觀塘物業管理有限公司', career: '保安', position: '保安員', employmentType: '全職', workFrom: '2005-03-01', salary: '17500.00', incomeProof: '糧單' },
  { store: 1, type: 'personal', name: '何詠詩', englishName: 'HO Wing Sze', gender: 'F', dateOfBirth: '1995-01-17', idType: 'hkid', idNumber: 'K337820(9)', mobile1: '5789 0606', email: 'wingsze.ho@example.com', marital: 'single', education: 'tertiary', residentialType: 'rent', source: 'magazine', residentialAddress: '九龍觀塘開源道 55 號 3 樓', companyName: '東九龍科技有限公司', career: '資訊科技', department: '系統', position: '程式員', employmentType: '全職', workFrom: '2019-07-01', salary: '26000.00', incomeProof: '糧單' },
  { store: 1, type: 'personal', name: '周偉傑', englishName: 'CHOW Wai Kit', gender: 'M', dateOfBirth: '1983-09-05', idType: 'hkid', idNumber: 'M146592(4)', mobile1: '9890 1707', marital: 'separated', education: 'secondary', residentialType: 'ding_wu', source: 'newspaper', residentialAddress: '新界西貢大網仔村 12 號', companyName: '西貢海鮮酒家', career: '飲食', position: '廚師', employmentType: '全職', workFrom: '2011-11-01', salary: '21000.00', incomeProof: '銀行月結單', black: '提交偽造入息證明' },
  { store: 1, type: 'personal', name: '吳佩珊', englishName: 'NG Pui Shan', gender: 'F', dateOfBirth: '1990-04-26', idType: 'hkid', idNumber: 'P720384(9)', mobile1: '6901 2808', marital: 'married', education: 'tertiary', residentialType: 'private', source: 'television', residentialAddress: '九龍藍田德田邨德康樓 815 室', companyName: '醫院管理局', career: '醫護', department: '內科', position: '護士', employmentType: '全職', workFrom: '2014-09-01', salary: '38000.00', incomeProof: '糧單' },
  { store: 2, type: 'personal', name: '林子健', englishName: 'LAM Tsz Kin', gender: 'M', dateOfBirth: '1998-08-08', idType: 'hkid', idNumber: 'R865019(4)', mobile1: '5012 3909', marital: 'single', education: 'secondary', residentialType: 'public_housing', source: 'magazine', residentialAddress: '新界荃灣象山邨翠山樓 2101 室', occupyWith: '父母', companyName: '荃灣速遞有限公司', career: '物流', position: '速遞員', employmentType: '兼職', workFrom: '2022-05-01', salary: '14500.00', incomeProof: '銀行月結單' },
  { store: 2, type: 'personal', name: '鄭麗華', englishName: 'CHENG Lai Wah', gender: 'F', dateOfBirth: '1966-02-11', idType: 'hkid', idNumber: 'Y402776(9)', mobile1: '9123 0010', homeNo: '2412 3010', marital: 'widowed', education: 'primary', residentialType: 'private', source: 'newspaper', residentialAddress: '新界荃灣沙咀道 300 號 15 樓 D 室', companyName: '荃灣街市', career: '小販', position: '東主', employmentType: '自僱', workFrom: '1998-01-01', salary: '18000.00' },
  { store: 0, type: 'company', name: '旺角運輸有限公司', englishName: 'Mong Kok Transport Limited', idType: 'business_registration', idNumber: '61234567', mobile1: '9345 1011', email: 'accounts@mktransport.example', source: 'newspaper', residentialAddress: '九龍旺角通菜街 100 號地下', mailingAddress: '九龍旺角郵政信箱 1234 號', remarks: '示範資料 (demo)' },
  { store: 2, type: 'company', name: '荃灣五金貿易公司', englishName: 'Tsuen Wan Hardware Trading Company', idType: 'business_registration', idNumber: '70123456', mobile1: '6456 1212', email: 'info@twhardware.example', source: 'magazine', residentialAddress: '新界荃灣青山公路 388 號 6 樓', remarks: '示範資料 (demo)' },
];

/**
 * Adds the demo customers, each in the store that registered it; one is on the black list.
 * Answers their ids by name (the demo loans name their borrowers and partakers).
 */
export async function seedDemoCustomers(db: Db, storeIds: number[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const { store, black, ...fields } of DEMO_CUSTOMERS) {
    const ctx = systemContext(db, 'seed', { storeId: storeIds[store]! });
    const input: CustomerCreate = customerCreateSchema.parse(fields);
    const item = await customerService.create!(ctx, input);
    ids.set(item.name, item.id);
    if (black) await customerService.actions!.blacklist(ctx, item.id, { reason: black });
  }
  return ids;
}
