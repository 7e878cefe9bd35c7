import { registerMessages } from '../../http/i18n.js';

/** Message codes of the holiday import, in the three languages answers speak. */
registerMessages({
  en: {
    'holidays.notJson': 'The file is not valid JSON.',
    'holidays.notIcal1823': 'This is not an 1823 public-holiday file: it needs a "vcalendar" list whose "vevent" entries have "dtstart" and "summary".',
    'holidays.badDate': 'The file has a date that does not exist.',
    'holidays.dateTaken': 'A holiday on this date is already listed',
  },
  'zh-TW': {
    'holidays.notJson': '檔案不是有效的 JSON。',
    'holidays.notIcal1823': '這不是 1823 公眾假期檔案：檔案須有 "vcalendar" 清單，其中 "vevent" 項目須有 "dtstart" 及 "summary"。',
    'holidays.badDate': '檔案中有不存在的日期。',
    'holidays.dateTaken': '此日期已有假期',
  },
  'zh-CN': {
    'holidays.notJson': '文件不是有效的 JSON。',
    'holidays.notIcal1823': '这不是 1823 公众假期文件：文件须有 "vcalendar" 列表，其中 "vevent" 项目须有 "dtstart" 及 "summary"。',
    'holidays.badDate': '文件中有不存在的日期。',
    'holidays.dateTaken': '此日期已有假期',
  },
});
