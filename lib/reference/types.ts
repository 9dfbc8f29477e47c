// Reference data as the API and the forms exchange it.
import "server-only";

export type Region = { regionId: number; name: string };
export type District = { districtId: number; regionId: number; name: string };
export type Subject = { subjectId: number; grade: number; name: string };
export type Organization = { organizationId: number; districtId: number; name: string };
export type ReferenceData = { regions: Region[]; districts: District[]; subjects: Subject[] };
