/**
 * One name per cloud service, whichever export a line comes from (issue 19 item 19): AWS's Cost and Usage Report
 * gives a product code (`AmazonEC2`) beside the product name FOCUS exports use (`Amazon Elastic Compute Cloud`), so a
 * rule on the service catches both only when both read the same. The product name wins where the row has one; a
 * bare code is named from AWS's list of product codes (the `product/ProductName` AWS gives each code in its CUR).
 */
export const AWS_PRODUCT_NAMES: Readonly<Record<string, string>> = {
  AmazonEC2: 'Amazon Elastic Compute Cloud',
  AmazonS3: 'Amazon Simple Storage Service',
  AmazonSageMaker: 'Amazon SageMaker',
  AWSDataTransfer: 'AWS Data Transfer',
  AmazonCloudWatch: 'AmazonCloudWatch',
  AmazonVPC: 'Amazon Virtual Private Cloud',
  AmazonECS: 'Amazon Elastic Container Service',
  AmazonEKS: 'Amazon Elastic Container Service for Kubernetes',
  AmazonECR: 'Amazon EC2 Container Registry (ECR)',
  AmazonEFS: 'Amazon Elastic File System',
  AmazonFSx: 'Amazon FSx',
  AmazonRDS: 'Amazon Relational Database Service',
  AmazonDynamoDB: 'Amazon DynamoDB',
  AmazonSNS: 'Amazon Simple Notification Service',
  AWSQueueService: 'Amazon Simple Queue Service',
  AmazonCloudFront: 'Amazon CloudFront',
  AmazonRoute53: 'Amazon Route 53',
  AmazonApiGateway: 'Amazon API Gateway',
  AWSLambda: 'AWS Lambda',
  AWSCloudTrail: 'AWS CloudTrail',
  AWSSystemsManager: 'AWS Systems Manager',
  awskms: 'AWS Key Management Service',
  AWSELB: 'Elastic Load Balancing',
  AWSGlue: 'AWS Glue',
  AWSBackup: 'AWS Backup',
  AmazonAthena: 'Amazon Athena',
  AWSCostExplorer: 'AWS Cost Explorer',
  AWSSecurityHub: 'AWS Security Hub',
  awswaf: 'AWS WAF',
  AmazonStates: 'AWS Step Functions',
  AmazonBedrock: 'Amazon Bedrock',
};

/** The name an AWS line's service goes by: its product name, else the name of its product code, else the code. */
export function awsServiceName(productName: string | null | undefined, productCode: string | null | undefined): string | null {
  const name = productName?.trim();
  if (name) return name;
  const code = productCode?.trim();
  if (!code) return null;
  return AWS_PRODUCT_NAMES[code] ?? code;
}
