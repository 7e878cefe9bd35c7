/**
 * A camt.053.001.08 bank statement as a Hong Kong bank's corporate portal exports it (namespaced,
 * booked entries with their transaction details), for the bank reconciliation tests and the
 * bench's `bank` part. Imports nothing from the server.
 */
export interface CamtEntry {
  id: string;
  amount: string;
  cd: 'CRDT' | 'DBIT';
  ref?: string;
  payer?: string;
}

export function camt053(stmtId: string, date: string, entries: readonly CamtEntry[], opening: string, closing: string): string {
  const ntry = entries
    .map(
      (e) => `
      <Ntry>
        <NtryRef>${e.id}</NtryRef>
        <Amt Ccy="HKD">${e.amount}</Amt>
        <CdtDbtInd>${e.cd}</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>${date}</Dt></BookgDt>
        <ValDt><Dt>${date}</Dt></ValDt>
        <AcctSvcrRef>${e.id}</AcctSvcrRef>
        <BkTxCd><Prtry><Cd>FPS</Cd></Prtry></BkTxCd>
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>E2E${e.id}</EndToEndId></Refs>
          ${e.payer ? `<RltdPties><Dbtr><Pty><Nm>${e.payer}</Nm></Pty></Dbtr></RltdPties>` : ''}
          ${e.ref ? `<RmtInf><Ustrd>${e.ref}</Ustrd></RmtInf>` : ''}
        </TxDtls></NtryDtls>
      </Ntry>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>MSG-${stmtId}</MsgId><CreDtTm>${date}T18:00:00+08:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>${stmtId}</Id>
      <Acct><Id><Othr><Id>012345678001</Id></Othr></Id><Ccy>HKD</Ccy></Acct>
      <Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="HKD">${opening}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>
      <Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="HKD">${closing}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>${ntry}
    </Stmt>
  </BkToCstmrStmt>
</Document>`;
}
