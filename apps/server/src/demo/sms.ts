/** Demo SMS content: a template per kind in Traditional Chinese and English (master data → SMS content). */
export const DEMO_SMS_TEMPLATES = [
  { kind: 'overdue', language: 'zh-TW', content: '{customerName}您好，貸款{loanNo}已逾期{overdueDays}天，欠款HK${amountDue}，請盡快還款。{companyName} {companyPhone}' },
  { kind: 'upcoming', language: 'zh-TW', content: '{customerName}您好，貸款{loanNo}將於{dueDate}到期，應還HK${amountDue}。{companyName} {companyPhone}' },
  { kind: 'almostComplete', language: 'zh-TW', content: '{customerName}您好，貸款{loanNo}只餘最後供款，{dueDate}應還HK${amountDue}。{companyName} {companyPhone}' },
  { kind: 'complete', language: 'zh-TW', content: '{customerName}您好，貸款{loanNo}已全數清還，多謝惠顧。{companyName} {companyPhone}' },
  { kind: 'autopayRejected', language: 'zh-TW', content: '{customerName}您好，貸款{loanNo}於{dueDate}的自動轉賬HK${amountDue}未能成功，請盡快以其他方式還款。{companyName} {companyPhone}' },
  { kind: 'overdue', language: 'en', content: 'Dear {customerName}, loan {loanNo} is {overdueDays} days overdue. Please pay HK${amountDue} now. {companyName} {companyPhone}' },
  { kind: 'upcoming', language: 'en', content: 'Dear {customerName}, HK${amountDue} of loan {loanNo} is due on {dueDate}. {companyName} {companyPhone}' },
  { kind: 'almostComplete', language: 'en', content: 'Dear {customerName}, loan {loanNo} is nearly repaid: HK${amountDue} due on {dueDate}. {companyName} {companyPhone}' },
  { kind: 'complete', language: 'en', content: 'Dear {customerName}, loan {loanNo} is fully repaid. Thank you. {companyName} {companyPhone}' },
  { kind: 'autopayRejected', language: 'en', content: 'Dear {customerName}, the autopay debit of HK${amountDue} for loan {loanNo} due {dueDate} did not go through. Please pay another way. {companyName} {companyPhone}' },
].map((t) => ({ ...t, createdBy: 1 }));
