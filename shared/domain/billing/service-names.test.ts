import { describe, expect, it } from 'vitest';
import { awsServiceName } from './service-names';

describe('one service name across FOCUS and CUR (issue 19 item 19)', () => {
  it('the product name wins; a bare product code is named as FOCUS names it; an unknown code stays as it is', () => {
    expect(awsServiceName('Amazon Elastic Compute Cloud', 'AmazonEC2')).toBe('Amazon Elastic Compute Cloud');
    expect(awsServiceName(null, 'AmazonEC2')).toBe('Amazon Elastic Compute Cloud');
    expect(awsServiceName('', 'AmazonS3')).toBe('Amazon Simple Storage Service');
    expect(awsServiceName(undefined, 'AWSDataTransfer')).toBe('AWS Data Transfer');
    expect(awsServiceName(null, 'AmazonNewThing')).toBe('AmazonNewThing');
    expect(awsServiceName(null, null)).toBeNull();
  });
});
