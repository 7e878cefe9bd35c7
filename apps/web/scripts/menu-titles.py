"""Titles of the server's menu (permission catalogue names `shell:menu.<key>`, group titles
`shell:menu.group.<group>`, action names `shell:perm.<key>`) merged into the shell namespace.
Run after the catalogue grows: python3 apps/web/scripts/menu-titles.py"""
import json

GROUPS = {
 "dashboard": ("Dashboard", "首頁", "首页"),
 "admin": ("Admin", "管理員", "管理员"),
 "power": ("Power", "權限", "权限"),
 "loan": ("Loan", "貸款", "贷款"),
 "repayment": ("Repayment", "還款", "还款"),
 "oca": ("OCA / Write-off", "追收 / 撇賬", "追收 / 撇账"),
 "blacklist": ("Blacklist", "黑名單", "黑名单"),
 "sms": ("SMS sending", "短訊發送", "短信发送"),
 "approval": ("Approval", "審批", "审批"),
 "payout": ("Payout", "放款", "放款"),
 "reports": ("Reports", "報表", "报表"),
 "masterdata": ("Master data", "基本資料", "基本资料"),
 "system": ("System", "系統設定", "系统设置"),
 "tools": ("Tools", "工具", "工具"),
 "stores": ("Stores", "分店", "分店"),
 "staff": ("Staff", "員工", "员工"),
 "persona": ("Persona", "人物", "人物"),
 "member": ("Members", "會員", "会员"),
 "role": ("Roles", "角色", "角色"),
 "article": ("Articles", "文章", "文章"),
}
PAGES = {
 "dashboard.view": ("Dashboard", "首頁", "首页"),
 "admin.list": ("Admin list", "管理員列表", "管理员列表"),
 "admin.log": ("Admin log list", "管理員日誌", "管理员日志"),
 "power.list": ("Power list", "權限列表", "权限列表"),
 "power.staffList": ("Staff power list", "員工權限列表", "员工权限列表"),
 "loan.operation": ("Loan operation", "貸款操作", "贷款操作"),
 "loan.list": ("Loan list", "貸款列表", "贷款列表"),
 "loan.create": ("New loan", "新增貸款", "新增贷款"),
 "loan.edit": ("Edit loan", "編輯貸款", "编辑贷款"),
 "repayment.process": ("Repayment process", "還款處理", "还款处理"),
 "repayment.tipsList": ("Repayment reminders", "還款提示列表", "还款提示列表"),
 "repayment.processList": ("Repayment process list", "還款處理列表", "还款处理列表"),
 "repayment.operation": ("Repayment operation", "還款操作", "还款操作"),
 "repayment.list": ("Repayment list", "還款列表", "还款列表"),
 "oca.list": ("OCA / write-off list", "追收 / 撇賬列表", "追收 / 撇账列表"),
 "oca.processList": ("OCA / write-off process list", "追收 / 撇賬處理列表", "追收 / 撇账处理列表"),
 "blacklist.list": ("Blacklist", "黑名單", "黑名单"),
 "sms.list": ("Send SMS list", "短訊發送列表", "短信发送列表"),
 "approval.list": ("Approval list", "審批列表", "审批列表"),
 "approval.detail": ("Approval detail", "審批詳情", "审批详情"),
 "payout.list": ("Payout list", "放款列表", "放款列表"),
 "payout.detail": ("Payout detail", "放款詳情", "放款详情"),
 "reports.approvalStatus": ("Approval status report", "審批狀態報表", "审批状态报表"),
 "reports.loan": ("Loan report", "貸款報表", "贷款报表"),
 "reports.loanDetail": ("Loan detail report", "貸款明細報表", "贷款明细报表"),
 "reports.repayment": ("Repayment report", "還款報表", "还款报表"),
 "reports.repaymentSchedule": ("Repayment schedule report", "還款時間表報表", "还款时间表报表"),
 "reports.estimatedRepayment": ("Estimated repayment report", "預計還款報表", "预计还款报表"),
 "reports.monthlyReceivable": ("Monthly receivable report", "每月應收報表", "每月应收报表"),
 "reports.outstandingSummary": ("Outstanding summary", "未償還總結", "未偿还总结"),
 "reports.outstandingDetails": ("Outstanding details", "未償還明細", "未偿还明细"),
 "reports.interestReceivable": ("Interest receivable report", "應收利息報表", "应收利息报表"),
 "reports.temporaryAmount": ("Temporary amount report", "暫收款報表", "暂收款报表"),
 "reports.temporaryAmountEscrow": ("Temporary amount escrow report", "暫收款託管報表", "暂收款托管报表"),
 "reports.customerRepaymentHistory": ("Customer repayment history", "客戶還款記錄", "客户还款记录"),
 "reports.currentlyOcaLoan": ("Current OCA loans", "現時追收貸款", "现时追收贷款"),
 "reports.ocaChargesPayable": ("OCA charges payable", "應付追收費用", "应付追收费用"),
 "reports.nonSettledOcaRepayment": ("Non-settled OCA repayments", "未結清追收還款", "未结清追收还款"),
 "reports.writeOff": ("Write-off report", "撇賬報表", "撇账报表"),
 "reports.writeOffCollection": ("Write-off collection report", "撇賬追收報表", "撇账追收报表"),
 "reports.incomeExpenditure": ("Income and expenditure", "收入及支出", "收入及支出"),
 "reports.staffSales": ("Staff sales report", "員工業績報表", "员工业绩报表"),
 "reports.referralAgentSales": ("Referral agent sales report", "介紹人業績報表", "介绍人业绩报表"),
 "reports.overdue": ("Overdue report", "逾期報表", "逾期报表"),
 "reports.semiComplete": ("Semi-complete report", "半完成報表", "半完成报表"),
 "reports.completedLoan": ("Completed loan report", "已完成貸款報表", "已完成贷款报表"),
 "reports.annualLoanStatement": ("Annual loan statement", "年度貸款結算表", "年度贷款结算表"),
 "reports.smsSentRecord": ("SMS sent record", "短訊發送記錄", "短信发送记录"),
 "masterdata.company": ("Company information", "公司資料", "公司资料"),
 "masterdata.staffInfo": ("Staff information", "員工資料", "员工资料"),
 "masterdata.staffLevel": ("Staff level and privilege", "員工級別及權限", "员工级别及权限"),
 "masterdata.customer": ("Customer related", "客戶相關", "客户相关"),
 "masterdata.loan": ("Loan related", "貸款相關", "贷款相关"),
 "masterdata.bank": ("Bank / creditor", "銀行 / 債權人", "银行 / 债权人"),
 "masterdata.referralAgent": ("Referral agent", "介紹人", "介绍人"),
 "masterdata.solicitor": ("Solicitor", "律師", "律师"),
 "masterdata.ocaAgent": ("OCA agent", "追收代理", "追收代理"),
 "masterdata.holidays.list": ("Holidays", "假期", "假期"),
 "masterdata.smsContent": ("SMS content", "短訊內容", "短信内容"),
 "system.settings": ("Default settings", "預設設定", "默认设置"),
 "system.codeFormat": ("Code format", "編號格式", "编号格式"),
 "system.developList": ("Develop list", "開發列表", "开发列表"),
 "system.activePeriod": ("Active period", "有效修改期", "有效修改期"),
 "system.visibleTel": ("Visible tel. no.", "可見電話號碼", "可见电话号码"),
 "system.accessIps.list": ("Access IP", "存取 IP", "访问 IP"),
 "system.monitor": ("Monitor", "系統監察", "系统监察"),
 "system.loginList": ("Login list", "登入列表", "登录列表"),
 "system.log": ("System log", "系統日誌", "系统日志"),
 "system.list": ("System list", "系統列表", "系统列表"),
 "tools.calculator": ("Repayment calculator", "還款計算機", "还款计算器"),
 "tools.addressSearch": ("Address searching", "地址搜尋", "地址搜索"),
 "tools.applicationForm": ("Application form", "申請表", "申请表"),
 "tools.formBuilder": ("Application form builder", "申請表設計", "申请表设计"),
 "stores.list": ("Stores list", "分店列表", "分店列表"),
 "staff.list": ("Staff list", "員工列表", "员工列表"),
 "persona.list": ("Persona list", "人物列表", "人物列表"),
 "member.list": ("Member list", "會員列表", "会员列表"),
 "role.list": ("Role list", "角色列表", "角色列表"),
 "article.list": ("Article list", "文章列表", "文章列表"),
 "article.edit": ("Edit article", "編輯文章", "编辑文章"),
 # Fixed shell pages (not in the catalogue).
 "fixed.adminModify": ("My details", "個人資料", "个人资料"),
 "fixed.test": ("Self-test", "自我測試", "自我测试"),
}
PERMS = {
 "admin.create": ("Create admin", "新增管理員", "新增管理员"),
 "admin.update": ("Edit admin", "編輯管理員", "编辑管理员"),
 "admin.state": ("Forbid or restore admin", "停用或恢復管理員", "停用或恢复管理员"),
 "power.create": ("Create permission", "新增權限", "新增权限"),
 "power.update": ("Edit permission", "編輯權限", "编辑权限"),
 "power.delete": ("Delete permission", "刪除權限", "删除权限"),
 "power.refresh": ("Refresh permissions", "重新整理權限", "刷新权限"),
 "masterdata.holidays.create": ("Create holiday", "新增假期", "新增假期"),
 "masterdata.holidays.update": ("Edit holiday", "編輯假期", "编辑假期"),
 "masterdata.holidays.delete": ("Delete holiday", "刪除假期", "删除假期"),
 "masterdata.holidays.import": ("Import holidays", "匯入假期", "导入假期"),
 "system.accessIps.create": ("Create access IP", "新增存取 IP", "新增访问 IP"),
 "system.accessIps.update": ("Edit access IP", "編輯存取 IP", "编辑访问 IP"),
 "system.accessIps.delete": ("Delete access IP", "刪除存取 IP", "删除访问 IP"),
 "system.accessIps.setting": ("Turn IP restriction on or off", "開啟或關閉 IP 限制", "开启或关闭 IP 限制"),
 "system.loginList.revoke": ("Revoke a login session", "撤銷登入階段", "撤销登录会话"),
 "stores.create": ("Create store", "新增分店", "新增分店"),
 "stores.update": ("Edit store", "編輯分店", "编辑分店"),
 "stores.delete": ("Delete store", "刪除分店", "删除分店"),
 "stores.log": ("Store log", "分店日誌", "分店日志"),
 "staff.unlock": ("Unlock a staff account", "解鎖員工帳號", "解锁员工账号"),
 "staff.reveal": ("Reveal masked ID and phone numbers", "顯示已遮蓋的身份證及電話號碼", "显示已遮盖的身份证及电话号码"),
 "role.create": ("Create role", "新增角色", "新增角色"),
 "role.update": ("Edit role", "編輯角色", "编辑角色"),
 "role.delete": ("Delete role", "刪除角色", "删除角色"),
}

def put(tree, dotted, value):
    parts = dotted.split('.')
    for p in parts[:-1]:
        tree = tree.setdefault(p, {})
    tree[parts[-1]] = value

base = 'src/i18n/locales'
for i, lng in enumerate(['en', 'zh-TW', 'zh-CN']):
    path = f'{base}/{lng}/shell.json'
    data = json.load(open(path))
    data['menu'] = {}
    data['perm'] = {}
    for k, v in GROUPS.items():
        put(data['menu'], f'group.{k}', v[i])
    for k, v in PAGES.items():
        put(data['menu'], k, v[i])
    for k, v in PERMS.items():
        put(data['perm'], k, v[i])
    with open(path, 'w') as f:
        json.dump(data, f, ensure_ascii=False, indent=2)
        f.write('\n')
