// What an import can fill: the two kinds of import (families with their students, and
// facilitators), each with its target fields, which are required, and the header names a school's
// spreadsheet is likely to use for them. The column mapping guesses from these names, the templates
// are made from them, and the preview checks the required ones.

export const IMPORT_KINDS = ['students', 'facilitators'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export interface TargetField {
  key: string;
  label: string;
  required: boolean;
  /** What the column holds, shown under its select and in the guide. */
  hint: string;
  /** Other header names that mean this field (compared without case, spaces or punctuation). */
  aliases: readonly string[];
  /** A value for the template's example row. */
  example: string;
}

export const KIND_LABELS: Record<ImportKind, string> = {
  students: 'Families and students',
  facilitators: 'Facilitators',
};

/** Where a person studies or teaches: the same two columns in both kinds of import. */
const CAMPUS_FIELD: TargetField = {
  key: 'campus',
  label: 'Campus',
  required: true,
  hint: 'The campus name as in School setup.',
  aliases: ['campus name', 'site', 'branch', 'location'],
  example: 'Northside Campus',
};
const CLASSROOMS_FIELD: TargetField = {
  key: 'classrooms',
  label: 'Classrooms',
  required: false,
  hint: 'Classroom names of that campus, separated by semicolons.',
  aliases: ['classroom', 'class', 'classes', 'group', 'room'],
  example: '',
};

const STUDENT_FIELDS: readonly TargetField[] = [
  {
    key: 'firstName',
    label: 'First name',
    required: true,
    hint: "The student's first name.",
    aliases: ['first', 'given name', 'forename', 'student first name', 'child first name'],
    example: 'Asha',
  },
  {
    key: 'lastName',
    label: 'Last name',
    required: true,
    hint: "The student's last name.",
    aliases: ['last', 'surname', 'family name of student', 'student last name', 'child last name'],
    example: 'Rao',
  },
  {
    key: 'preferredName',
    label: 'Preferred name',
    required: false,
    hint: 'What the student likes to be called, if not the first name.',
    aliases: ['nickname', 'known as'],
    example: '',
  },
  {
    key: 'dateOfBirth',
    label: 'Date of birth',
    required: true,
    hint: 'YYYY-MM-DD, for example 2016-04-23.',
    aliases: ['dob', 'birth date', 'birthday', 'born'],
    example: '2016-04-23',
  },
  CAMPUS_FIELD,
  CLASSROOMS_FIELD,
  {
    key: 'status',
    label: 'Status',
    required: false,
    hint: 'enrolled, waitlisted, withdrawn or graduated; enrolled when empty.',
    aliases: ['student status', 'enrolment status', 'enrollment status'],
    example: 'enrolled',
  },
  {
    key: 'enrolledOn',
    label: 'Enrolled on',
    required: false,
    hint: 'YYYY-MM-DD.',
    aliases: ['enrolment date', 'enrollment date', 'start date', 'enrolled'],
    example: '2024-06-03',
  },
  {
    key: 'medicalNotes',
    label: 'Medical notes',
    required: false,
    hint: 'Allergies and conditions staff should know.',
    aliases: ['medical', 'allergies', 'health notes'],
    example: '',
  },
  {
    key: 'notes',
    label: 'Student notes',
    required: false,
    hint: 'Anything else about the student.',
    aliases: ['student notes', 'comments', 'remarks'],
    example: '',
  },
  {
    key: 'familyName',
    label: 'Family name',
    required: false,
    hint: "The family's name; the student's last name when empty.",
    aliases: ['family', 'household', 'household name'],
    example: 'Rao',
  },
  {
    key: 'guardianName',
    label: 'Guardian name',
    required: false,
    hint: 'A parent or carer.',
    aliases: [
      'guardian',
      'parent',
      'parent name',
      'contact name',
      'mother name',
      'father name',
      'primary guardian',
    ],
    example: 'Meera Rao',
  },
  {
    key: 'guardianRelationship',
    label: 'Guardian relationship',
    required: false,
    hint: 'Mother, father, grandparent…',
    aliases: ['relationship', 'relation'],
    example: 'Mother',
  },
  {
    key: 'guardianEmail',
    label: 'Guardian e-mail',
    required: false,
    hint: 'Rows with the same guardian e-mail join one family.',
    aliases: ['email', 'e mail', 'parent email', 'contact email', 'guardian email address'],
    example: 'meera.rao@example.com',
  },
  {
    key: 'guardianPhone',
    label: 'Guardian phone',
    required: false,
    hint: 'Rows with the same family name and phone join one family.',
    aliases: ['phone', 'mobile', 'telephone', 'parent phone', 'contact phone', 'cell'],
    example: '+91 98450 12345',
  },
  {
    key: 'address',
    label: 'Address',
    required: false,
    hint: "The family's home address.",
    aliases: ['home address', 'street address', 'family address'],
    example: '14 Lake Road, Northside',
  },
];

const FACILITATOR_FIELDS: readonly TargetField[] = [
  {
    key: 'firstName',
    label: 'First name',
    required: true,
    hint: "The facilitator's first name.",
    aliases: ['first', 'given name', 'forename'],
    example: 'Kavya',
  },
  {
    key: 'lastName',
    label: 'Last name',
    required: true,
    hint: "The facilitator's last name.",
    aliases: ['last', 'surname', 'family name'],
    example: 'Menon',
  },
  {
    key: 'email',
    label: 'E-mail',
    required: false,
    hint: 'Used to find a facilitator who is already on the list.',
    aliases: ['e mail', 'email address', 'work email'],
    example: 'kavya.menon@example.com',
  },
  {
    key: 'phone',
    label: 'Phone',
    required: false,
    hint: 'Digits, spaces and + ( ) - only.',
    aliases: ['mobile', 'telephone', 'cell', 'phone number'],
    example: '+91 98450 54321',
  },
  CAMPUS_FIELD,
  {
    key: 'subjects',
    label: 'Subjects',
    required: false,
    hint: 'Subject names or codes, separated by semicolons.',
    aliases: ['subject', 'teaches', 'subject codes'],
    example: 'Mathematics; English',
  },
  CLASSROOMS_FIELD,
  {
    key: 'status',
    label: 'Status',
    required: false,
    hint: 'active or inactive; active when empty.',
    aliases: ['facilitator status', 'state'],
    example: 'active',
  },
  {
    key: 'bio',
    label: 'Bio',
    required: false,
    hint: 'A short introduction for families.',
    aliases: ['biography', 'about', 'profile'],
    example: '',
  },
];

export const TARGET_FIELDS: Record<ImportKind, readonly TargetField[]> = {
  students: STUDENT_FIELDS,
  facilitators: FACILITATOR_FIELDS,
};

export const TEMPLATE_FILE_NAMES: Record<ImportKind, string> = {
  students: 'families-and-students-template.csv',
  facilitators: 'facilitators-template.csv',
};

/** True for one of the import kinds (a tab's key, a worker message's field). */
export function isImportKind(value: unknown): value is ImportKind {
  return typeof value === 'string' && (IMPORT_KINDS as readonly string[]).includes(value);
}
