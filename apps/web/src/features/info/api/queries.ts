import { queryOptions } from '@tanstack/react-query'
import {
  TIMING,
  type CountryInfo,
  type CryptoExchangeRates,
  type CurrencyInfo,
  type Locale,
  type LocaleInfo,
  type ProjectInfo,
  type ServerData,
  type StatusInfo,
} from '@aurum/shared'
import type { HttpClient } from '../../../lib/http/client.ts'

const staleTime = TIMING.startCacheMs

export const localesQuery = (http: HttpClient, locale: Locale) =>
  queryOptions({
    queryKey: ['info', 'locales', locale],
    queryFn: ({ signal }) => http.get<LocaleInfo[]>('/api/info/locales', { query: { l: locale }, signal }),
    staleTime,
  })

export const currenciesQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: ['info', 'currencies'],
    queryFn: ({ signal }) => http.get<CurrencyInfo[]>('/api/info/currencies', { signal }),
    staleTime,
  })

export const countriesQuery = (http: HttpClient, locale: Locale) =>
  queryOptions({
    queryKey: ['info', 'countries', locale],
    queryFn: ({ signal }) => http.get<CountryInfo[]>('/api/info/countries', { query: { l: locale }, signal }),
    staleTime,
  })

export const projectQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: ['info', 'project'],
    queryFn: ({ signal }) => http.get<ProjectInfo>('/api/info/project', { signal }),
    staleTime,
  })

export const cryptoRatesQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: ['info', 'crypto-rates'],
    queryFn: ({ signal }) => http.get<CryptoExchangeRates>('/api/info/crypto_exchange_rates', { signal }),
    staleTime: 300_000,
  })

export const statusesQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: ['info', 'statuses'],
    queryFn: ({ signal }) => http.get<StatusInfo[]>('/api/info/statuses', { signal }),
    staleTime,
  })

export const serverDataQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: ['serverdata'],
    queryFn: ({ signal }) => http.get<ServerData>('/json-api/serverdata', { signal }),
    staleTime: 60_000,
  })
