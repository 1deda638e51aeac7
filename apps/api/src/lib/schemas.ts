// The request and error schemas every module shares live with the contracts (packages/shared).
export { errorResponse, errorResponses, localeParam, localeQuery } from '@aurum/shared/contracts/common'
