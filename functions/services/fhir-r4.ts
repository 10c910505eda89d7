/**
 * The part of FHIR R4 (4.0.1) the patient export writes: Bundle, Patient, Device, Observation and
 * the data types they use, with R4's element names and cardinalities. The installed @types/fhir
 * (3.0.x) describes STU3, which lacks R4's Device.serialNumber and deviceName, so these few types
 * are ours; the tests hold every answer to the official R4 JSON schema (docs/fhir.md).
 */

export interface Coding {
  system: string;
  code: string;
  display?: string;
}

export interface CodeableConcept {
  coding?: Coding[];
  text?: string;
}

export interface Identifier {
  use?: 'usual' | 'official' | 'temp' | 'secondary' | 'old';
  type?: CodeableConcept;
  system: string;
  value: string;
}

export interface Reference {
  reference?: string;
  identifier?: Identifier;
  display?: string;
}

/** A UCUM quantity: `unit` for people, `system` + `code` for machines. */
export interface Quantity {
  value: number;
  unit: string;
  system: 'http://unitsofmeasure.org';
  code: string;
}

export interface HumanName {
  use?: 'usual' | 'official';
  family: string;
  given: string[];
}

type ResourceBase = {
  id: string;
  meta?: { lastUpdated?: string; profile?: string[] };
};

export type Patient = ResourceBase & {
  resourceType: 'Patient';
  identifier: Identifier[];
  name: HumanName[];
  gender?: 'male' | 'female' | 'other' | 'unknown';
  birthDate?: string;
  managingOrganization?: Reference;
};

export type Device = ResourceBase & {
  resourceType: 'Device';
  identifier: Identifier[];
  serialNumber: string;
  deviceName?: Array<{ name: string; type: 'udi-label-name' | 'user-friendly-name' | 'patient-reported-name' | 'manufacturer-name' | 'model-name' | 'other' }>;
  type: CodeableConcept;
  patient?: Reference;
};

export interface ObservationComponent {
  code: CodeableConcept;
  valueQuantity: Quantity;
}

export type Observation = ResourceBase & {
  resourceType: 'Observation';
  identifier: Identifier[];
  status: 'final';
  category: CodeableConcept[];
  code: CodeableConcept;
  subject: Reference;
  effectiveDateTime: string;
  device?: Reference;
  valueQuantity?: Quantity;
  component?: ObservationComponent[];
};

export type Resource = Patient | Device | Observation;

export interface Bundle {
  resourceType: 'Bundle';
  id: string;
  meta: { lastUpdated: string };
  type: 'collection';
  timestamp: string;
  entry: Array<{ fullUrl: string; resource: Resource }>;
}
