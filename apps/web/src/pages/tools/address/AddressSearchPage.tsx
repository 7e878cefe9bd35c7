import { useState } from 'react';
import { Alert, Button, Card, Flex, Input, Table, Tag, Typography } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ADDRESS_SEARCH_LIMIT, type OfficialAddress, type RecordedAddress } from '@harbour/contracts';
import { addressApi } from './address-api';

/**
 * Tools → address searching (spec §2, §7 `searchAddress`): the addresses Harbour holds —
 * customers' residential, mailing and office addresses and, for the caller's stores, the
 * collateral of applications — and, when the server has it set up, the government's Address
 * Lookup Service.
 */
export default function AddressSearchPage() {
  const { t, i18n } = useTranslation('address');
  const [q, setQ] = useState('');
  const [asked, setAsked] = useState<string>();
  const [official, setOfficial] = useState<string>();
  const recorded = useQuery({ queryKey: ['addresses', asked], queryFn: ({ signal }) => addressApi.recorded(asked!, signal), enabled: !!asked });
  const lookup = useQuery({ queryKey: ['addresses', 'official', official], queryFn: ({ signal }) => addressApi.official(official!, signal), enabled: !!official, retry: false });
  const tooShort = q.trim().length > 0 && q.trim().length < 2;
  const zhFirst = i18n.language !== 'en';

  const search = () => {
    const text = q.trim();
    if (text.length < 2) return;
    setAsked(text);
    setOfficial(undefined);
  };

  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('intro')}
      </Typography.Paragraph>
      <Card>
        <Flex vertical gap={8}>
          <label htmlFor="address-search-q">{t('q')}</label>
          <Input.Search
            id="address-search-q"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            onSearch={search}
            placeholder={t('placeholder')}
            enterButton={t('search')}
            maxLength={100}
            allowClear
            loading={recorded.isFetching}
            status={tooShort ? 'warning' : undefined}
          />
          {tooShort && <Typography.Text type="warning">{t('tooShort')}</Typography.Text>}
        </Flex>
      </Card>
      {asked && (
        <Card title={t('recorded')}>
          <Flex vertical gap={12}>
            {recorded.data?.truncated && <Alert type="warning" showIcon title={t('more', { n: ADDRESS_SEARCH_LIMIT })} />}
            <Table<RecordedAddress>
              rowKey={(r) => `${r.source}-${r.customerId ?? ''}-${r.loanId ?? ''}-${r.address}`}
              size="small"
              loading={recorded.isFetching}
              dataSource={recorded.data?.items ?? []}
              pagination={false}
              locale={{ emptyText: t('none') }}
              scroll={{ x: 640 }}
              columns={[
                { key: 'source', title: t('source'), width: 120, render: (_, r) => <Tag>{t(`sources.${r.source}`)}</Tag> },
                { key: 'address', title: t('address'), dataIndex: 'address' },
                {
                  key: 'who',
                  title: t('who'),
                  width: 240,
                  render: (_, r) => (
                    <Flex vertical>
                      <span>
                        {r.customerName}
                        {r.customerCode && <Typography.Text type="secondary"> {r.customerCode}</Typography.Text>}
                      </span>
                      {r.loanId && <Link to={`/loan/operation?id=${r.loanId}`}>{r.applyNo}</Link>}
                    </Flex>
                  ),
                },
              ]}
            />
            {recorded.data?.officialEnabled && (
              <Button icon={<GlobalOutlined />} style={{ alignSelf: 'flex-start' }} onClick={() => setOfficial(asked)} loading={lookup.isFetching}>
                {t('officialSearch')}
              </Button>
            )}
          </Flex>
        </Card>
      )}
      {official && (
        <Card title={t('official')}>
          {lookup.isError ? (
            <Alert type="warning" showIcon title={lookup.error.message} />
          ) : (
            <Table<OfficialAddress>
              rowKey={(r) => `${r.geoAddress ?? ''}-${r.en}-${r.zh}`}
              size="small"
              loading={lookup.isFetching}
              dataSource={lookup.data?.items ?? []}
              pagination={false}
              locale={{ emptyText: t('none') }}
              scroll={{ x: 640 }}
              columns={[
                { key: 'address', title: t('address'), render: (_, r) => (zhFirst ? r.zh || r.en : r.en || r.zh) },
                { key: 'other', title: t(`common:languages.${zhFirst ? 'en' : 'zh-TW'}`), render: (_, r) => (zhFirst ? r.en : r.zh) },
                { key: 'district', title: t('district'), width: 200, render: (_, r) => (zhFirst ? r.districtZh : r.districtEn) },
              ]}
            />
          )}
        </Card>
      )}
    </Flex>
  );
}
